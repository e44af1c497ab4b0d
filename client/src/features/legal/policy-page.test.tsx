// @vitest-environment happy-dom
import { LEGAL_LAST_UPDATED } from '@kiln/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import CookiesPolicyPage from './cookies-policy-page';
import PrivacyPolicyPage from './privacy-policy-page';
import { clickWasHandled } from './test-clicks';

afterEach(cleanup);

/** Renders a policy page at its path; the location records where its links lead. */
function renderPage(Page: ComponentType, path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Page />
    </Router>,
  );
  return location;
}

function section(id: string) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no section #${id}`);
  return element;
}

describe('the Privacy Policy page', () => {
  const renderPrivacyPolicy = () => renderPage(PrivacyPolicyPage, '/privacy-policy');

  it('shows its title, date and intro from the Markdown', () => {
    renderPrivacyPolicy();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText(`Last updated: ${LEGAL_LAST_UPDATED}`)).toBeTruthy();
    expect(screen.getByText(/^How Kiln Technologies Ltd collects, uses and protects/)).toBeTruthy();
    expect(document.title).toBe('Privacy Policy | Kiln');
  });

  it('numbers its sections, each a card headed by its number and title', () => {
    renderPrivacyPolicy();
    const cards = screen.getAllByTestId('legal-section');
    expect(cards).toHaveLength(13);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual([
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
    ]);
    expect(headings.at(-1)).toBe('13. Contact Us');
  });

  it('keeps the anchors the titles gave, linked from the contents', () => {
    renderPrivacyPolicy();
    const cookies = section('cookies');
    expect(cookies.getAttribute('aria-labelledby')).toBe('cookies-heading');
    expect(within(cookies).getByRole('heading', { level: 2 }).textContent).toBe('7. Cookies');
    expect(section('childrens-privacy').getAttribute('data-testid')).toBe('legal-section');
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const entries = within(contents).getAllByRole('link');
    expect(entries).toHaveLength(13);
    expect(within(contents).getByRole('link', { name: 'Cookies' }).getAttribute('href')).toBe(
      '#cookies',
    );
  });

  it('renders sub-headings and lists inside a section', () => {
    renderPrivacyPolicy();
    const collected = within(section('information-we-collect'));
    expect(
      collected.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual([
      'Information you give us',
      'Information we collect automatically',
      'Information we receive from third parties',
    ]);
    expect(collected.getAllByRole('list')).toHaveLength(3);
  });

  it('opens another policy within the app', () => {
    const location = renderPrivacyPolicy();
    const link = within(section('introduction')).getByRole('link', { name: 'Terms of Service' });
    expect(link.getAttribute('href')).toBe('/terms-of-service');
    expect(clickWasHandled(link)).toBe(true);
    expect(location.history).toEqual(['/privacy-policy', '/terms-of-service']);
  });

  it('links each contact address for mail', () => {
    const location = renderPrivacyPolicy();
    const contact = within(section('contact-us'));
    for (const address of ['privacy@kiln.dev', 'legal@kiln.dev', 'support@kiln.dev']) {
      const link = contact.getByRole('link', { name: address });
      expect(link.getAttribute('href')).toBe(`mailto:${address}`);
      expect(clickWasHandled(link)).toBe(false);
    }
    expect(location.history).toEqual(['/privacy-policy']);
  });
});

describe('the Cookies Policy page', () => {
  it('lists the cookies in a captioned table, grouped by kind', () => {
    renderPage(CookiesPolicyPage, '/cookies-policy');
    const table = screen.getByRole('table', {
      name: 'Cookies set by Kiln, with what each one does and how long it lasts',
    });
    expect(within(section('how-we-use-cookies')).getByRole('table')).toBe(table);
    const groups = within(table)
      .getAllByRole('rowheader')
      .filter((cell) => cell.getAttribute('scope') === 'rowgroup')
      .map((cell) => cell.textContent);
    expect(groups).toEqual([
      'Essential cookies',
      'Preference cookies',
      'Analytics cookies',
      'Performance and error cookies',
    ]);
  });
});
