import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test } from './fixtures';

/**
 * The workspace's shortcuts (client/src/features/editor/dialogs/shortcuts.ts) pressed where a
 * person's focus nearly always is: in the Monaco editor, which acts on or stops many keys before
 * they reach the page.
 */

const TYPED = 'kilnTypedThis';

/** Puts the cursor in the open document, as a person clicking into the code would. */
async function clickIntoCode(page: Page) {
  await page.locator('.monaco-editor .view-lines').first().click();
  // Monaco takes keys through an element of its own inside the editor.
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor'))))
    .toBe(true);
}

async function savedContent(page: Page, projectId: string, path: string) {
  const response = await page.request.get(
    `/api/files/${projectId}/content?path=${encodeURIComponent(path)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string | null }).content ?? '';
}

test('workspace shortcuts work from inside the code editor, and Monaco keeps its own keys', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const id = await createProject(page, 'html-css', 'Shortcuts');
  await page.goto(`/editor/${id}`);
  await editorReady(page);
  const code = page.locator('.monaco-editor .view-lines').first();
  const tree = page.getByRole('tree', { name: 'Project files' });
  await expect(tree).toBeVisible();

  // Typing reaches the editor.
  await clickIntoCode(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(TYPED);
  await expect(code).toContainText(TYPED);

  // Ctrl+B hides the file tree and gives its room to the editor; again brings it back.
  const editorWidth = async () =>
    (await page.locator('.monaco-editor').first().boundingBox())?.width ?? 0;
  const widthWithTree = await editorWidth();
  await page.keyboard.press('ControlOrMeta+B');
  await expect(tree).toBeHidden();
  await expect.poll(editorWidth).toBeGreaterThan(widthWithTree + 100);
  await test.info().attach('the editor with the file tree hidden', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await page.keyboard.press('ControlOrMeta+B');
  await expect(tree).toBeVisible();
  await expect.poll(editorWidth).toBeLessThan(widthWithTree + 2);

  // Holding the combo down toggles once, not on every repeat of the key.
  await page.keyboard.down('ControlOrMeta');
  await page.keyboard.down('b');
  await page.keyboard.down('b');
  await page.keyboard.down('b');
  await page.keyboard.down('b');
  await page.keyboard.up('b');
  await page.keyboard.up('ControlOrMeta');
  await expect(tree).toBeHidden();
  await page.keyboard.press('ControlOrMeta+B');
  await expect(tree).toBeVisible();

  // The focus never left the code: typing goes on where it was.
  await page.keyboard.type('!');
  await expect(code).toContainText(`${TYPED}!`);

  // Ctrl+S saves at once, well before the autosave's quiet second has passed.
  await page.keyboard.press('ControlOrMeta+S');
  expect(await page.getByTestId('save-status').textContent()).not.toBe('Unsaved changes');
  await expect(page.getByTestId('save-status')).toHaveText('Saved just now');
  expect(await savedContent(page, id, 'index.html')).toContain(`${TYPED}!`);

  // Ctrl+Shift+T shows and hides the terminal.
  const terminal = page.getByRole('button', { name: 'Terminal' });
  await expect(terminal).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ControlOrMeta+Shift+T');
  await expect(terminal).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ControlOrMeta+Shift+T');
  await expect(terminal).toHaveAttribute('aria-expanded', 'false');

  // Ctrl+Shift+P shows the preview and Ctrl+. the Quick Actions, on a page too.
  const previewTab = page.getByRole('tab', { name: 'Preview' });
  const chatTab = page.getByRole('tab', { name: 'AI Chat' });
  await chatTab.click();
  await expect(chatTab).toHaveAttribute('aria-selected', 'true');
  await clickIntoCode(page);
  await page.keyboard.press('ControlOrMeta+Shift+P');
  await expect(previewTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ControlOrMeta+.');
  await expect(page.getByRole('tab', { name: 'Quick Actions' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Ctrl+K opens the shortcuts help (Kiln claims it over Monaco's Ctrl+K chords).
  await page.keyboard.press('ControlOrMeta+K');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Monaco's own keys stay Monaco's: Ctrl+F finds in the file, Ctrl+Z undoes the typing.
  await clickIntoCode(page);
  await page.keyboard.press('ControlOrMeta+F');
  const find = page.getByRole('dialog', { name: 'Find / Replace' });
  await expect(find).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Search in files' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(find).toBeHidden();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(code).not.toContainText(`${TYPED}!`);
});

test('a file tree hidden by Ctrl+B leaves the tab order until it is shown again', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const id = await createProject(page, 'html-css', 'Hidden tree');
  await page.goto(`/editor/${id}`);
  await editorReady(page);
  const filter = page.getByRole('textbox', { name: 'Filter files' });
  await expect(filter).toBeVisible();
  const themeToggle = page.getByRole('button', { name: /^Switch to .* theme$/ });

  /** Tabs on from the header's last control until the focus reaches the code or the filter. */
  const tabReachesFilter = async () => {
    await themeToggle.focus();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (active?.closest('.monaco-editor')) return 'code';
        return active?.getAttribute('aria-label') === 'Filter files' ? 'filter' : 'other';
      });
      if (where !== 'other') return where === 'filter';
    }
    return false;
  };

  expect(await tabReachesFilter()).toBe(true);
  // Collapsed to no width, the box still has a size of its own (its padding): what counts is
  // that the keyboard can no longer reach it.
  const tree = page.getByRole('tree', { name: 'Project files' });
  await clickIntoCode(page);
  await page.keyboard.press('ControlOrMeta+B');
  await expect(tree).toBeHidden();
  expect(await tabReachesFilter()).toBe(false);

  await clickIntoCode(page);
  await page.keyboard.press('ControlOrMeta+B');
  await expect(tree).toBeVisible();
  expect(await tabReachesFilter()).toBe(true);
});
