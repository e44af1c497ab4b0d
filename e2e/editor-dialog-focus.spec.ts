import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test } from './fixtures';

/**
 * Keyboard focus around the editor's dialogs: closing one gives focus back to what opened it,
 * the code editor included, so typing goes on where it was; and Monaco's Tab trap has a way out
 * that the shortcuts help names.
 */

const focusInCode = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor')));

/** Puts the cursor at the end of the open document, as a person clicking into the code would. */
async function clickIntoCode(page: Page) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await expect.poll(() => focusInCode(page)).toBe(true);
  await page.keyboard.press('ControlOrMeta+End');
}

test.describe('focus around the editor’s dialogs', () => {
  // Loads Monaco on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('a dialog opened by a shortcut in the code gives focus back to the code', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Focus');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const code = page.locator('.monaco-editor .view-lines').first();
    await clickIntoCode(page);

    // Quick open, closed with Esc: typing goes into the editor again.
    await page.keyboard.press('ControlOrMeta+P');
    const quickOpen = page.getByRole('dialog', { name: 'Go to file' });
    await expect(quickOpen.getByLabel('File name or path')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(quickOpen).toHaveCount(0);
    await expect.poll(() => focusInCode(page)).toBe(true);
    await page.keyboard.type('afterQuickOpen');
    await expect(code).toContainText('afterQuickOpen');

    // Search in files and the shortcuts help, the same.
    await page.keyboard.press('ControlOrMeta+Shift+F');
    const search = page.getByRole('dialog', { name: 'Search in files' });
    await expect(search.getByLabel('Search text')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(search).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+K');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await expect.poll(() => focusInCode(page)).toBe(true);
    await page.keyboard.type('Two');
    await expect(code).toContainText('afterQuickOpenTwo');

    // Go to line lands the cursor on that line, ready to type.
    await page.keyboard.press('ControlOrMeta+G');
    const goToLine = page.getByRole('dialog', { name: 'Go to line' });
    await goToLine.getByLabel('Line number').fill('1');
    await page.keyboard.press('Enter');
    await expect(goToLine).toHaveCount(0);
    await expect.poll(() => focusInCode(page)).toBe(true);
    await page.keyboard.type('// first ');
    await expect(page.locator('.monaco-editor .view-line').first()).toContainText('// first ');

    // A file chosen in quick open opens with the cursor in its code, even when quick open was
    // opened from the file tree.
    await page.getByRole('tree', { name: 'Project files' }).focus();
    await page.keyboard.press('ControlOrMeta+P');
    await quickOpen.getByLabel('File name or path').fill('README');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('README.md');
    await expect(code).toContainText('My Project');
    await expect.poll(() => focusInCode(page)).toBe(true);
  });

  test('a dialog opened from a button or a tree row gives focus back to it', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Focus buttons');
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    // The header's shortcuts button.
    const shortcutsButton = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await shortcutsButton.click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shortcutsButton).toBeFocused();

    // A tree row's Rename, reached with the keyboard: its button is drawn only on the row in
    // use, and is focused again once the dialog is cancelled.
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.focus();
    await page.keyboard.press('Home');
    const rename = page.getByRole('button', { name: 'Rename index.js' });
    await expect(rename).toBeVisible();
    await rename.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Rename File' });
    await expect(dialog.getByLabel('New name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(rename).toBeFocused();

    // New file from the tree's toolbar, cancelled.
    const newFile = page.getByRole('button', { name: 'New File' });
    await newFile.click();
    await expect(page.getByRole('dialog').getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(newFile).toBeFocused();
  });

  test('the shortcuts help names Ctrl+M, which lets Tab leave the code editor', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Tab trap');
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const row = help.locator('dl > div').filter({ hasText: 'Tab moves focus (on/off)' });
    await expect(row).toContainText(/Ctrl\s*M|⌃\s*⇧\s*M/);
    await expect(help.getByTestId('tab-focus-hint')).toContainText('Tab indents');
    await page.keyboard.press('Escape');

    // In the code, Tab indents and keeps focus; after Monaco's Ctrl+M it moves focus on.
    await clickIntoCode(page);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusInCode(page)).toBe(true);
    await page.keyboard.press(process.platform === 'darwin' ? 'Control+Shift+M' : 'Control+M');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusInCode(page)).toBe(false);
    // And back: Shift+Tab returns to the code, and Ctrl+M again makes Tab indent.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusInCode(page)).toBe(true);
    await page.keyboard.press(process.platform === 'darwin' ? 'Control+Shift+M' : 'Control+M');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusInCode(page)).toBe(true);
  });
});
