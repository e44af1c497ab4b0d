import {
  CSRF_COOKIE,
  CSRF_PRESESSION_COOKIE,
  HTTPS_COOKIE_PREFIX,
  PLANS,
  SESSION_COOKIE,
  THEME_STORAGE_KEY,
} from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import cookiesPolicy from './content/cookies-policy.md?raw';
import privacyPolicy from './content/privacy-policy.md?raw';
import termsOfService from './content/terms-of-service.md?raw';
import { CONTACT_EMAILS, LEGAL_ENTITY } from './legal-facts';
import { parsePolicy } from './policy-document';

// The policies spell out names that Kiln's code defines (its company, addresses, cookies and
// plans), so a lawyer reads plain text. These tests fail when the two stop agreeing.

const POLICIES = { privacyPolicy, termsOfService, cookiesPolicy };

/** The text with each line break and run of spaces as one space, as a reader sees it. */
const flat = (markdown: string) => markdown.replace(/\s+/g, ' ');

/** The Markdown of one section, found by its title. */
function sectionOf(markdown: string, title: string) {
  const section = parsePolicy(markdown).sections.find((candidate) => candidate.title === title);
  if (!section) throw new Error(`no section "${title}"`);
  return section.markdown;
}

describe.each(Object.entries(POLICIES))('%s', (_name, markdown) => {
  it('names the operator as LEGAL_ENTITY, and no other company', () => {
    const text = flat(markdown);
    const mentions = text.split(LEGAL_ENTITY).length - 1;
    expect(mentions).toBeGreaterThan(0);
    // Every "Ltd" (or "Limited") ends a mention of LEGAL_ENTITY: no other name for it.
    expect(text.match(/\b(?:Ltd|Limited)\b/g)).toHaveLength(mentions);
  });

  it('gives only the contact addresses, each a mailto link that shows the address', () => {
    const mailtoLink = /\[([^\]]*)\]\(mailto:([^)]*)\)/g;
    const links = [...markdown.matchAll(mailtoLink)];
    expect(links.length).toBeGreaterThan(0);
    for (const [, text, address] of links) {
      expect(Object.values(CONTACT_EMAILS)).toContain(address);
      expect(text).toBe(address);
    }
    const unlinked = markdown.replace(mailtoLink, '').match(/[\w.+-]+@[\w-]+\.[\w.-]+/g);
    expect(unlinked).toBeNull();
  });
});

describe('the Terms of Service', () => {
  const billing = sectionOf(termsOfService, 'Subscription and Billing');

  it('lists every plan with its name and monthly price, as PLANS has them', () => {
    const listed = [...billing.matchAll(/^- \*\*(.+?):\*\* £(\d+)/gm)].map(([, name, price]) => ({
      name,
      price: Number(price),
    }));
    expect(listed).toEqual(
      Object.values(PLANS).map((plan) => ({ name: plan.name, price: plan.priceGbp })),
    );
  });

  it("gives the free plan's project limit", () => {
    expect(flat(sectionOf(termsOfService, 'Description of Service'))).toContain(
      `the ${PLANS.free.name} plan includes ${PLANS.free.projectLimit} projects`,
    );
  });
});

describe('the Cookies Policy', () => {
  const essential = sectionOf(cookiesPolicy, 'Essential Cookies');
  const table = sectionOf(cookiesPolicy, 'How We Use Cookies');

  it.each([SESSION_COOKIE, CSRF_COOKIE, CSRF_PRESESSION_COOKIE])(
    'names the %s cookie as the server sets it, in the table and the text',
    (name) => {
      // Prettier pads a table's cells to line the columns up.
      expect(table).toMatch(new RegExp(`^\\| ${name} +\\|`, 'm'));
      expect(essential).toContain(`\`${name}\``);
    },
  );

  it('gives the prefix the cookies carry over https', () => {
    expect(essential).toContain(`\`${HTTPS_COOKIE_PREFIX}\``);
  });
});

it.each([
  ['Cookies Policy', sectionOf(cookiesPolicy, 'Preference Cookies')],
  ['Privacy Policy', sectionOf(privacyPolicy, 'Cookies')],
])('the %s names the storage key the theme is kept under', (_policy, section) => {
  expect(flat(section)).toContain(`under the key \`${THEME_STORAGE_KEY}\``);
});
