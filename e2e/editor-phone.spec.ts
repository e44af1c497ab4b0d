import { createProject, editorReady, expect, test } from './fixtures';

const pane = (name: string) => ({ name, exact: true });

test.describe('editor on a phone', () => {
  // Loads Monaco and runs a program in the sandbox on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 375, height: 667 } });

  test('shows one pane at a time, switched from the tab bar', async ({ page, signedIn }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'A project with a long name for a phone');
    await page.goto(`/editor/${id}`);

    const tabs = page.getByRole('tablist', { name: 'Workspace panes' });
    const files = tabs.getByRole('tab', pane('Files'));
    const code = tabs.getByRole('tab', pane('Code'));
    const side = tabs.getByRole('tab', pane('Preview & AI'));
    const tree = page.getByRole('tree', { name: 'Project files' });
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });

    // Code first, with the initial file open and the tree out of the way.
    await expect(code).toHaveAttribute('aria-selected', 'true');
    await expect(breadcrumbs).toContainText('index.html');
    await editorReady(page);
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('<!doctype html>');
    await expect(tree).toBeHidden();
    // The header's buttons fit: icons with names, the project name cut short.
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Switch to \w+ theme$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('text-overflow', 'ellipsis');

    await side.click();
    await expect(side).toHaveAttribute('aria-selected', 'true');
    await expect(code).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tab', pane('Preview'))).toBeVisible();
    await expect(breadcrumbs).toBeHidden();

    await files.click();
    await expect(files).toHaveAttribute('aria-selected', 'true');
    await expect(tree).toBeVisible();
    await tree.getByRole('treeitem', { name: 'styles.css', exact: true }).click();
    // Opening a file shows it in Code.
    await expect(code).toHaveAttribute('aria-selected', 'true');
    await expect(tree).toBeHidden();
    await expect(breadcrumbs).toContainText('styles.css');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('{');

    for (const tab of [files, side, code]) {
      await tab.click();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
    }
  });
});

test.describe('file tree keys', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Ctrl/Cmd+Enter in the file tree runs the selected file', async ({ page, signedIn }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Run from the tree');
    await page.goto(`/editor/${id}`);
    const row = page.getByRole('treeitem', { name: 'index.js', exact: true });
    await row.click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('index.js');
    await expect(page.getByRole('tree', { name: 'Project files' })).toBeFocused();

    await page.keyboard.press('ControlOrMeta+Enter');
    const run = page.getByTestId('run');
    await expect(run).toHaveCount(1);
    await expect(run.first()).toContainText('index.js');
    await expect(run.first()).toContainText(/Exited with code 0 in \d/);
  });
});
