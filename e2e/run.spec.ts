import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test, toast } from './fixtures';
import { skipWithout } from './support/system-programs';

skipWithout('bwrap', 'python3');

/** Opens a file from the tree and waits for its text in the editor. */
async function openFile(page: Page, name: string, text: string) {
  await page.getByRole('treeitem', { name, exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(name);
  await editorReady(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText(text);
}

/** Replaces the open document's text by typing, as a person would. */
async function replaceText(page: Page, text: string) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Keeps every save waiting until the returned function is called: edits stay unsaved. */
async function holdSaves(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/files/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await released;
    return route.fallback();
  });
  return release;
}

const runs = (page: Page) => page.getByTestId('run');
const status = (page: Page) => page.getByTestId('run-status');

test.describe('run', () => {
  // Loads Monaco and runs real programs in the sandbox on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('runs the Node.js template, then an unsaved edit with Ctrl/Cmd+Enter', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'nodejs-express', 'Express API');
    await page.goto(`/editor/${id}`);
    await openFile(page, 'index.js', 'createApp');

    const terminal = page.getByRole('button', { name: 'Terminal' });
    await expect(terminal).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // The terminal opens as the run starts.
    await expect(terminal).toHaveAttribute('aria-expanded', 'true');
    await expect(runs(page)).toHaveCount(1);
    await expect(runs(page).first()).toContainText('index.js');
    await expect(status(page)).toContainText('index.js: ');
    // A run does not install the template's packages: Node says which one is missing.
    const first = runs(page).first();
    await expect(first.locator('[data-kind="error"]')).toContainText(/^Error: /);
    await expect(first.locator('[data-kind="error"]')).toContainText(
      "Cannot find package 'express'",
    );
    await expect(first).toContainText("Hint: 'express' is listed in package.json");
    await expect(first).toContainText('JavaScript · bubblewrap');
    await expect(first).toContainText(/Exited with code 1 in \d/);
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();

    const releaseSaves = await holdSaves(page);
    await replaceText(page, "console.log('edited ' + (6 * 7));");
    await expect(page.getByTestId('unsaved-dot')).toBeVisible();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(runs(page)).toHaveCount(2);
    await expect(runs(page).nth(1)).toContainText('edited 42');
    await expect(runs(page).nth(1)).toContainText(/Exited with code 0 in \d/);
    await expect(runs(page).nth(1)).not.toContainText('Error:');
    // Monaco's own Ctrl/Cmd+Enter (insert a line below) gave way to Run.
    await expect(page.locator('.monaco-editor .view-line')).toHaveCount(1);
    // Still unsaved: the run used the editor's text, not the saved file.
    await expect(page.getByTestId('unsaved-dot')).toBeVisible();
    releaseSaves();

    // Ctrl/Cmd+Shift+E runs too; Ctrl/Cmd+Shift+T hides and shows the terminal.
    await page.keyboard.press('ControlOrMeta+Shift+E');
    await expect(runs(page)).toHaveCount(3);
    await expect(runs(page).nth(2)).toContainText('edited 42');
    await page.keyboard.press('ControlOrMeta+Shift+T');
    await expect(terminal).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('run-output')).toBeHidden();
    await page.keyboard.press('ControlOrMeta+Shift+T');
    await expect(terminal).toHaveAttribute('aria-expanded', 'true');
    await expect(runs(page)).toHaveCount(3);
  });

  test('runs the Python template and an edit of it', async ({ page, signedIn }) => {
    void signedIn;
    const id = await createProject(page, 'python-flask', 'Flask site');
    await page.goto(`/editor/${id}`);
    await openFile(page, 'app.py', 'create_app');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const first = runs(page).first();
    await expect(first).toContainText('Python · bubblewrap');
    await expect(first.locator('[data-kind="error"]')).toContainText(
      "ModuleNotFoundError: No module named 'flask'",
    );
    await expect(first).toContainText("Hint: 'flask' is listed in requirements.txt");
    await expect(first).toContainText(/Exited with code 1 in \d/);
    await expect(status(page)).toHaveText(/^app\.py: exited with code 1 in \d/);

    await replaceText(page, 'print(sum(range(10)), "from Python")');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(runs(page)).toHaveCount(2);
    await expect(runs(page).nth(1)).toContainText('45 from Python');
    await expect(runs(page).nth(1)).toContainText(/Exited with code 0 in \d/);
  });

  test('says when a file cannot run or none is selected; copies and clears the output', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const id = await createProject(page, 'blank', 'Scratch');
    await page.goto(`/editor/${id}`);

    // A file Kiln cannot run: Run is unavailable and says why (editor-header.spec.ts checks
    // the reason reaches the mouse and the keyboard); its shortcut says the same.
    await openFile(page, 'README.md', 'My Project');
    const run = page.getByRole('button', { name: 'Run', exact: true });
    await expect(run).toBeDisabled();
    await expect(run).toHaveAccessibleDescription(
      /^README\.md cannot be run: Kiln runs JavaScript \(\.js, \.mjs, \.cjs\), TypeScript \(\.ts, \.mts, \.cts\) or Python \(\.py\) files$/,
    );
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(toast(page, 'Nothing to run')).toContainText('README.md cannot be run');
    await expect(runs(page)).toHaveCount(0);

    await openFile(page, 'index.js', 'greet');
    await expect(run).toBeEnabled();
    await run.click();
    await expect(runs(page).first()).toContainText('Hello, world! Your project is ready.');

    await page.getByRole('button', { name: 'Copy output' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('$ index.js');
    expect(copied).toContain('Hello, world! Your project is ready.');

    await page.getByRole('button', { name: 'Clear output' }).click();
    await expect(runs(page)).toHaveCount(0);
    await expect(page.getByTestId('run-output')).toContainText('output shows here');
    await expect(status(page)).toHaveText('No runs yet');

    // Deleting the open file clears the selection; Run then asks for one.
    await page.locator('[role="treeitem"][data-path="index.js"]').hover();
    await page.getByRole('button', { name: 'Delete index.js' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Select a file to start editing')).toBeVisible();
    await expect(run).toBeDisabled();
    await expect(run).toHaveAccessibleDescription('Select a file to run');
    await page.getByRole('tree', { name: 'Project files' }).focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(toast(page, 'No file selected')).toContainText('Please select a file to execute.');
    await expect(runs(page)).toHaveCount(0);
  });

  test('shows a run in flight, then Failed to execute code when the call fails', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Offline run');
    await page.goto(`/editor/${id}`);
    await openFile(page, 'index.js', 'greet');
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/projects/*/execute', async (route) => {
      await answered;
      await route.abort('internetdisconnected');
    });
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+Enter');

    await expect(page.getByRole('button', { name: 'Running...' })).toBeDisabled();
    await expect(status(page)).toHaveText('Running index.js...');
    await expect(runs(page).first()).toContainText('Running...');
    // A second press while one is in flight starts nothing.
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(runs(page)).toHaveCount(1);

    answer();
    await expect(runs(page).first()).toContainText('Error: Failed to execute code');
    await expect(status(page)).toHaveText('index.js: Failed to execute code');
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  });
});
