// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { compileLegalMarkdown } from './compile-policy';
import { LegalMarkdown } from './legal-markdown';
import { clickWasHandled } from './test-clicks';

afterEach(cleanup);

/** Markdown as a policy page shows it: compiled as the build does, then rendered. */
function Compiled({ markdown }: { markdown: string }) {
  return <LegalMarkdown content={compileLegalMarkdown(markdown)} />;
}

function renderMarkdown(markdown: string) {
  const location = memoryLocation({ path: '/terms-of-service', record: true });
  render(
    <Router hook={location.hook}>
      <Compiled markdown={markdown} />
    </Router>,
  );
  return location;
}

describe('LegalMarkdown', () => {
  it('opens a page of Kiln within the app, anchor included', () => {
    const location = renderMarkdown('See the [Privacy Policy](/privacy-policy#cookies).');
    const link = screen.getByRole('link', { name: 'Privacy Policy' });
    expect(link.getAttribute('href')).toBe('/privacy-policy#cookies');
    expect(clickWasHandled(link)).toBe(true);
    expect(location.history).toEqual(['/terms-of-service', '/privacy-policy#cookies']);
  });

  it('leaves mail, other sites and anchors on the page to the browser', () => {
    const location = renderMarkdown(
      'Write to [privacy@kiln.dev](mailto:privacy@kiln.dev), see [ico.org.uk](https://ico.org.uk), ' +
        'a [protocol-relative](//example.com) link or [section 8](#artificial-intelligence).',
    );
    for (const [name, href] of [
      ['privacy@kiln.dev', 'mailto:privacy@kiln.dev'],
      ['ico.org.uk', 'https://ico.org.uk'],
      ['protocol-relative', '//example.com'],
      ['section 8', '#artificial-intelligence'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(clickWasHandled(link)).toBe(false);
    }
    expect(location.history).toEqual(['/terms-of-service']);
  });

  it('renders sub-headings, lists, bold and code as plain elements for the prose styles', () => {
    const { container } = render(
      <Compiled markdown={'### Sub\n\n- **Bold:** item with `code`\n- second'} />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Sub' }).className).toBe('');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Bold: item with code', 'second']);
    expect(container.querySelector('li strong')?.textContent).toBe('Bold:');
    expect(container.querySelector('li code')?.textContent).toBe('code');
  });

  it('shows raw HTML as the text it is, never as markup', () => {
    const { container } = render(
      <Compiled markdown={'Text <img src=x onerror="alert(1)"> and <b>bold</b>.'} />,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
  });

  it('refuses, when built, a section-level heading that parsePolicy could not see', () => {
    expect(() => compileLegalMarkdown('Underlined\n----------')).toThrow(/"###"/);
    expect(() => compileLegalMarkdown('  ## Indented')).toThrow(/"###"/);
  });
});

describe('LegalMarkdown tables', () => {
  const TABLE = [
    'Table: Things, with what each does and how long it lasts',
    '',
    '| Thing | Purpose | Duration |',
    '| --- | --- | --- |',
    '| **First things** | | |',
    '| alpha | Does a. | Session |',
    '| beta | Does b. | 1 year |',
    '| **Second things** | | |',
    '| gamma | Does c. | 7 days |',
  ].join('\n');

  it('takes the "Table:" paragraph for its caption', () => {
    const { container } = render(<Compiled markdown={TABLE} />);
    expect(
      screen.getByRole('table', { name: 'Things, with what each does and how long it lasts' }),
    ).toBeTruthy();
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });

  it('groups the rows under the rows that name a group, each row named by its first cell', () => {
    render(<Compiled markdown={TABLE} />);
    const groups = screen.getAllByRole('rowgroup').slice(1); // after the thead
    expect(groups).toHaveLength(2);
    const [first, second] = groups.map((group) => within(group));
    const groupHeading = first?.getByRole('rowheader', { name: 'First things' });
    expect(groupHeading?.getAttribute('scope')).toBe('rowgroup');
    expect(groupHeading?.getAttribute('colspan')).toBe('3');
    expect(first?.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'First things',
      'alpha',
      'beta',
    ]);
    expect(second?.getByRole('rowheader', { name: 'gamma' }).getAttribute('scope')).toBe('row');
    const columnHeaders = screen.getAllByRole('columnheader');
    expect(columnHeaders.map((cell) => cell.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
  });

  it('repeats the columns after the second under it, for phones, where they are hidden', () => {
    render(<Compiled markdown={TABLE} />);
    const row = screen.getByRole('rowheader', { name: 'alpha' }).closest('tr');
    const [purpose, duration] = Array.from(row?.querySelectorAll('td') ?? []);
    expect(purpose?.textContent).toBe('Does a.Duration: Session');
    expect(purpose?.querySelector('span')?.className).toContain('sm:hidden');
    expect(duration?.textContent).toBe('Session');
    expect(duration?.className).toContain('hidden sm:table-cell');
    expect(screen.getByRole('columnheader', { name: 'Duration' }).className).toContain('hidden');
  });

  it('leaves a table without a "Table:" paragraph uncaptioned, and ungrouped rows in one body', () => {
    const { container } = render(
      <Compiled markdown={'Some text.\n\n| A | B |\n| --- | --- |\n| x | y |'} />,
    );
    expect(container.querySelector('caption')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe('Some text.');
    expect(container.querySelectorAll('tbody')).toHaveLength(1);
    expect(screen.getByRole('rowheader', { name: 'x' })).toBeTruthy();
  });
});
