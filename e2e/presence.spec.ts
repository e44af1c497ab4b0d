import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test, toast } from './fixtures';

/** Opens the header's Collaboration popover; answers the collaborator listed as `name`'s row. */
async function collaboratorRows(page: Page) {
  await page.getByTestId('presence-trigger').click();
  const popover = page.getByTestId('presence-popover');
  await expect(popover).toBeVisible();
  return popover.getByTestId('collaborator');
}

async function closePopover(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presence-popover')).toHaveCount(0);
}

test.describe('live presence', () => {
  test('two tabs see each other with their open files, and a save reloads the other', async ({
    page,
    browser,
    signedIn,
  }) => {
    // Project members do not exist yet: the same account in a second browser.
    const id = await createProject(page, 'html-css', 'Together');
    const other = await browser.newContext({ storageState: await page.context().storageState() });
    const second = await other.newPage();
    await page.goto(`/editor/${id}`);
    await second.goto(`/editor/${id}`);
    await editorReady(page);
    await editorReady(second);

    await second.getByRole('treeitem', { name: 'styles.css' }).click();
    await expect(second.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(
      'styles.css',
    );

    // The first tab sees the second, with the file it has open, and itself as "you".
    await expect(page.getByTestId('presence-trigger')).toHaveAccessibleName(
      'Collaboration: 1 other here',
    );
    let rows = await collaboratorRows(page);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(signedIn.name);
    await expect(rows.first()).toContainText('styles.css');
    await expect(rows.last()).toContainText('(you)');
    await expect(rows.last()).toContainText('index.html');
    await expect(page.getByTestId('presence-popover')).toContainText('Connected');
    await closePopover(page);

    // And the second sees the first, on index.html.
    rows = await collaboratorRows(second);
    await expect(rows.first()).toContainText('index.html');
    await expect(rows.last()).toContainText('styles.css');
    await closePopover(second);

    // Both on index.html: a save in the first reloads the second's unmodified editor.
    await second.getByRole('treeitem', { name: 'index.html' }).click();
    await expect(second.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(
      'index.html',
    );
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n<!-- saved in the other tab -->');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByTestId('save-status')).toHaveText(/^(Saved|Saved just now)$/);

    // Monaco shows only the lines on screen: go to the end to read the new last line.
    const lines = second.locator('.monaco-editor .view-lines').first();
    await lines.click();
    await expect(async () => {
      await second.keyboard.press('ControlOrMeta+End');
      await expect(lines).toContainText('saved in the other tab', { timeout: 1000 });
    }).toPass();
    await expect(second.getByTestId('unsaved-dot')).toHaveCount(0);

    // The second tab leaves: the first no longer lists it.
    await other.close();
    await expect(page.getByTestId('presence-trigger')).toHaveAccessibleName(
      'Collaboration: nobody else here',
    );
  });

  test('a save elsewhere leaves unsaved edits here alone, and says so', async ({
    page,
    browser,
    signedIn,
  }) => {
    const id = await createProject(page, 'html-css', 'Kept');
    const other = await browser.newContext({ storageState: await page.context().storageState() });
    const second = await other.newPage();
    await page.goto(`/editor/${id}`);
    await second.goto(`/editor/${id}`);
    await editorReady(page);
    await editorReady(second);
    await expect(page.getByTestId('presence-trigger')).toHaveAccessibleName(
      'Collaboration: 1 other here',
    );

    // The second tab's save never gets an answer: its edit stays unsaved there, and no failure
    // toast takes the place of the notice (one toast shows at a time).
    await second.route('**/api/files/*', (route) =>
      route.request().method() === 'PATCH' ? undefined : route.fallback(),
    );
    const lines = second.locator('.monaco-editor .view-lines').first();
    await lines.click();
    await second.keyboard.press('ControlOrMeta+End');
    await second.keyboard.type('\n<!-- mine, not saved yet -->');
    await expect(second.getByTestId('unsaved-dot')).toBeVisible();

    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n<!-- theirs -->');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByTestId('save-status')).toHaveText(/^(Saved|Saved just now)$/);

    await expect(toast(second, `${signedIn.name} saved index.html`)).toBeVisible();
    await second.keyboard.press('ControlOrMeta+End');
    await expect(lines).toContainText('mine, not saved yet');
    await expect(lines).not.toContainText('theirs');
    await expect(second.getByTestId('unsaved-dot')).toBeVisible();
    await other.close();
  });
});
