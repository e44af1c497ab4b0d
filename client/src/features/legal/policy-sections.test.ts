import { describe, expect, it } from 'vitest';
import cookiesPolicy from './content/cookies-policy.md?raw';
import privacyPolicy from './content/privacy-policy.md?raw';
import termsOfService from './content/terms-of-service.md?raw';
import { parsePolicy } from './policy-document';

/**
 * Each policy's title and its sections in order. The titles give the anchors other pages link to
 * (/privacy-policy#cookies), the text refers to sections by number ("section 8"), and the
 * end-to-end tests count the section cards (e2e/public-pages.spec.ts): none may move unnoticed.
 */
const EXPECTED = [
  {
    markdown: privacyPolicy,
    title: 'Privacy Policy',
    sections: [
      'Introduction',
      'Information We Collect',
      'How We Use Your Information',
      'Data Storage and Security',
      'Sharing Your Information',
      'Your Rights Under UK GDPR',
      'Cookies',
      'Artificial Intelligence',
      'Data Retention',
      'International Data Transfers',
      "Children's Privacy",
      'Changes to This Policy',
      'Contact Us',
    ],
  },
  {
    markdown: termsOfService,
    title: 'Terms of Service',
    sections: [
      'Agreement to Terms',
      'Description of Service',
      'User Accounts',
      'Subscription and Billing',
      'Acceptable Use',
      'Intellectual Property',
      'Data and Privacy',
      'Service Availability and Support',
      'Third-Party Services',
      'Disclaimers and Limitation of Liability',
      'Indemnification',
      'Termination',
      'Governing Law',
      'Changes to Terms',
      'Contact Information',
    ],
  },
  {
    markdown: cookiesPolicy,
    title: 'Cookies Policy',
    sections: [
      'What Are Cookies',
      'How We Use Cookies',
      'Essential Cookies',
      'Preference Cookies',
      'Analytics Cookies',
      'Performance and Error Cookies',
      'Third-Party Cookies',
      'Managing Cookies',
      'Changes to This Policy',
      'Contact Us',
    ],
  },
];

describe.each(EXPECTED)('the $title Markdown', ({ markdown, title, sections }) => {
  const policy = parsePolicy(markdown);

  it('has its title, an intro and its sections in order', () => {
    expect(policy.title).toBe(title);
    expect(policy.intro).not.toBe('');
    expect(policy.sections.map((section) => section.title)).toEqual(sections);
  });

  it('refers only to sections it has', () => {
    const references = [...markdown.matchAll(/\bsections? (\d+)(?:(?: to| and) (\d+))?/g)];
    const numbers = references.flatMap(([, first, second]) => [first, second].filter(Boolean));
    for (const number of numbers) {
      expect(Number(number)).toBeGreaterThanOrEqual(1);
      expect(Number(number)).toBeLessThanOrEqual(sections.length);
    }
  });
});
