import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { createProject, editorReady, expect, test, toast } from './fixtures';
import { skipWithout } from './support/system-programs';

skipWithout('bwrap');

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const NOTES_QUERY = `create table notes (id serial primary key, title text not null, done boolean);
insert into notes (title, done) values ('write, then test', true), ('say "hi"', false), ('ship', null);
select id, title, done from notes order by id;`;

async function openDatabaseTools(page: Page) {
  await page.getByRole('button', { name: 'Database Tools', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Database Tools' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Database Tools', () => {
  test.describe.configure({ timeout: 120_000 });

  test('runs SQL on the project database, lists its tables and exports CSV', async ({
    page,
    signedIn,
  }, testInfo) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'SQL playground');
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    const dialog = await openDatabaseTools(page);
    await expect(dialog.getByRole('tab', { name: 'SQL Runner' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByText('No tables yet. Create one with CREATE TABLE.')).toBeVisible();
    const editor = dialog.getByRole('textbox', { name: 'SQL query' });
    await expect(editor).toHaveValue('SELECT * FROM projects LIMIT 10;');

    // The default query: the project's own database has no projects table. The first database
    // of a fresh server waits for PGlite's template (an initdb, seconds on a busy machine).
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(toast(page, 'Query error')).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByRole('alert')).toHaveText(
      'relation "projects" does not exist (line 1, column 15)',
    );

    // A blank query is refused before it is sent.
    await editor.fill('   ');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(toast(page, 'Please enter a SQL query to execute')).toBeVisible();

    // Several statements, run with Ctrl+Enter: the last one's rows are shown.
    await editor.fill(NOTES_QUERY);
    await editor.press('Control+Enter');
    await expect(toast(page, '3 row(s) affected')).toBeVisible();
    await expect(toast(page, 'Query executed')).toBeVisible();
    const table = dialog.getByRole('table', { name: 'Query results' });
    await expect(table.getByRole('columnheader')).toHaveText(['id', 'title', 'done']);
    await expect(table.getByTestId('result-row')).toHaveCount(3);
    await expect(table.getByTestId('result-row').nth(1)).toContainText('say "hi"');
    await expect(table.getByTestId('result-row').nth(2)).toContainText('NULL');
    await expect(dialog.getByTestId('result-summary')).toContainText('SELECT · 3 rows');
    await expect(dialog.getByTestId('result-summary')).toContainText(
      'CREATE TABLE, INSERT 3, SELECT 3',
    );

    // The side list shows the new table and its columns.
    const tables = dialog.getByRole('navigation', { name: 'Tables' });
    await expect(tables.getByRole('button', { name: 'notes', exact: true })).toBeVisible();
    await expect(tables.getByRole('list', { name: 'Columns of notes' })).toContainText('title');
    await expect(tables.getByRole('list', { name: 'Columns of notes' })).toContainText('text *');

    await screenshot(page, testInfo.outputPath('database-tools-dark.png'));

    // CSV export of the shown result.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('query-results.csv');
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toBe(
      'id,title,done\r\n1,"write, then test",true\r\n2,"say ""hi""",false\r\n3,ship,\r\n',
    );

    // Picking a table in the side list queries its rows.
    await tables.getByRole('button', { name: 'notes', exact: true }).click();
    await expect(editor).toHaveValue('SELECT * FROM "notes" LIMIT 100;');

    // A large result is cut at 1,000 rows, and only the rows in view are in the page.
    await editor.fill('select g as n, md5(g::text) as hash from generate_series(1, 5000) g');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(dialog.getByTestId('result-summary')).toContainText('showing 1,000 of 5,000 rows');
    const rendered = await table.getByTestId('result-row').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    await table.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(table.getByTestId('result-row').last()).toContainText('1000');

    // The Drizzle Studio tab links to the studio and says how to point it here.
    await dialog.getByRole('tab', { name: 'Drizzle Studio' }).click();
    await expect(dialog.getByRole('link', { name: 'Open Drizzle Studio' })).toHaveAttribute(
      'href',
      'https://local.drizzle.studio',
    );
    await expect(dialog.getByTestId('drizzle-config')).toContainText(
      `DATA_DIR/project-databases/${id}`,
    );
    await dialog.getByRole('tab', { name: 'SQL Runner' }).click();
    // The text and the last result stay while switching tabs and closing the dialog.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await openDatabaseTools(page);
    await expect(editor).toHaveValue(/generate_series\(1, 5000\)/);

    // The light theme, with the notes table shown again.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await editorReady(page);
    const light = await openDatabaseTools(page);
    await light.getByRole('textbox', { name: 'SQL query' }).fill('select * from notes order by id');
    await light.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(light.getByTestId('result-row')).toHaveCount(3);
    await screenshot(page, testInfo.outputPath('database-tools-light.png'));
  });
});

/** Once the toasts and the dialog's entrance have settled. */
async function screenshot(page: Page, path: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path });
}

test.describe('Database Tools accessibility', () => {
  test.describe.configure({ timeout: 120_000 });
  // axe is put in the page as a script, which Kiln's Content-Security-Policy forbids.
  test.use({ bypassCSP: true });

  for (const theme of ['dark', 'light'] as const) {
    test(`has no WCAG 2.1 AA violations in the ${theme} theme`, async ({ page, signedIn }) => {
      void signedIn;
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const id = await createProject(page, 'blank', `SQL axe ${theme}`);
      await page.goto(`/editor/${id}`);
      await editorReady(page);
      const dialog = await openDatabaseTools(page);
      const editor = dialog.getByRole('textbox', { name: 'SQL query' });
      await editor.fill(`${NOTES_QUERY}\nselect 1/0;`);
      await editor.press('Control+Enter');
      await expect(dialog.getByRole('alert')).toHaveText('division by zero', { timeout: 60_000 });
      await editor.fill(NOTES_QUERY.replaceAll('notes', 'more_notes'));
      await editor.press('Control+Enter');
      await expect(toast(page, 'Query executed')).toBeVisible();
      await expect(dialog.getByRole('alert')).toBeHidden();
      await expect(dialog.getByTestId('result-row')).toHaveCount(3);
      expect(await violations(page, dialog)).toEqual([]);
      await dialog.getByRole('tab', { name: 'Drizzle Studio' }).click();
      await expect(dialog.getByTestId('drizzle-config')).toBeVisible();
      expect(await violations(page, dialog)).toEqual([]);
    });
  }
});

/** axe-core's WCAG 2.1 A and AA findings inside `scope`, once animations have finished. */
async function violations(page: Page, scope: Locator): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const options: RunOptions = {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  };
  const results = await scope.evaluate(
    (element, runOptions) =>
      (
        window as unknown as {
          axe: { run: (context: Element, options: RunOptions) => Promise<AxeResults> };
        }
      ).axe.run(element, runOptions),
    options,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
