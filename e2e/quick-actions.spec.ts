import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test, toast } from './fixtures';

/*
 * The e2e server's model is a local stand-in (server/src/test/model-stand-in): code naming
 * `[scenario:e2e-improve]` is answered with the same code, its `add` rewritten as an arrow
 * function, and the explanation 'Used an arrow function.'.
 */
const SOURCE = `// [scenario:e2e-improve]
function add(a, b) {
  return a + b;
}

module.exports = { add };
`;

/** Adds a file with its text through the API, as an upload would. */
async function addFile(page: Page, projectId: string, path: string, content: string) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token');
  const response = await page.request.post('/api/files', {
    data: { projectId, path, content },
    headers: { 'x-csrf-token': csrf?.value ?? '' },
  });
  expect(response.status()).toBe(201);
}

/** A file's text as the server has it. */
async function savedContent(page: Page, projectId: string, path: string) {
  const response = await page.request.get(
    `/api/files/${projectId}/content?path=${encodeURIComponent(path)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string | null }).content ?? '';
}

/** Opens a project with `path` holding `content`, that file shown in the editor. */
async function openWith(page: Page, path: string, content: string) {
  const id = await createProject(page, 'blank', 'Quick actions');
  await addFile(page, id, path, content);
  await page.goto(`/editor/${id}`);
  await page.locator(`[role="treeitem"][data-path="${path}"]`).click();
  await editorReady(page);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(path);
  return id;
}

test.describe('quick actions', () => {
  test('Improve shows the proposal as a diff; Apply saves it, Undo puts the file back', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await openWith(page, 'math.js', SOURCE);
    const code = page.locator('.monaco-editor').first();
    await expect(code).toContainText('function add(a, b) {');

    await page.getByRole('tab', { name: 'Quick Actions' }).click();
    const panel = page.getByRole('region', { name: 'Quick actions' });
    await expect(panel.getByTestId('quick-actions-scope')).toHaveText('Works on: Whole file');
    await panel.getByRole('button', { name: 'Improve' }).click();

    const dialog = page.getByRole('dialog', { name: 'Improve: math.js' });
    await expect(dialog.getByRole('region', { name: 'Explanation' })).toHaveText(
      'Used an arrow function.',
    );
    const diff = dialog.getByTestId('quick-action-diff');
    // Both sides: the current code and the proposal.
    await expect(diff).toContainText('function add(a, b) {');
    await expect(diff).toContainText('const add = (a, b) => a + b;');
    // Nothing is saved before Apply.
    expect(await savedContent(page, id, 'math.js')).toBe(SOURCE);

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Applied')).toBeVisible();
    await expect(code).toContainText('const add = (a, b) => a + b;');
    await expect(code).not.toContainText('function add(a, b) {');
    await expect(page.getByTestId('unsaved-dot')).toBeHidden();
    expect(await savedContent(page, id, 'math.js')).toContain('const add = (a, b) => a + b;');
    await expect(panel.getByRole('region', { name: 'Last applied change' })).toContainText(
      'Improve applied to math.js',
    );

    await panel.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Changes undone')).toBeVisible();
    await expect(code).toContainText('function add(a, b) {');
    await expect(code).not.toContainText('const add = (a, b) =>');
    expect(await savedContent(page, id, 'math.js')).toBe(SOURCE);
    await expect(panel.getByRole('region', { name: 'Last applied change' })).toContainText(
      'Improve undone in math.js',
    );
  });

  test('Discard leaves the file as it was; a file changed meanwhile opens the conflict view', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await openWith(page, 'math.js', SOURCE);
    await page.getByRole('tab', { name: 'Quick Actions' }).click();
    const panel = page.getByRole('region', { name: 'Quick actions' });

    await panel.getByRole('button', { name: 'Improve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Improve: math.js' });
    await expect(dialog.getByTestId('quick-action-diff')).toContainText('const add');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    expect(await savedContent(page, id, 'math.js')).toBe(SOURCE);
    await expect(page.locator('.monaco-editor').first()).toContainText('function add(a, b) {');

    // Someone else saves the file while the proposal is open: Apply must not overwrite it.
    await panel.getByRole('button', { name: 'Improve' }).click();
    await expect(dialog.getByTestId('quick-action-diff')).toContainText('const add');
    const entries = (await (await page.request.get(`/api/files/${id}/entries`)).json()) as {
      id: string;
      path: string;
      version: number;
    }[];
    const file = entries.find((entry) => entry.path === 'math.js');
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token');
    const elsewhere = `${SOURCE}// saved in another tab\n`;
    const saved = await page.request.patch(`/api/files/${file?.id}`, {
      data: { content: elsewhere, baseVersion: file?.version },
      headers: { 'x-csrf-token': csrf?.value ?? '' },
    });
    expect(saved.status()).toBe(200);

    await dialog.getByRole('button', { name: 'Apply' }).click();
    const conflict = page.getByRole('dialog', { name: 'math.js changed elsewhere' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('const add = (a, b) => a + b;');
    await expect(conflict).toContainText('// saved in another tab');
    expect(await savedContent(page, id, 'math.js')).toBe(elsewhere);
    await conflict.getByRole('button', { name: 'Use the saved version' }).click();
    await expect(page.locator('.monaco-editor').first()).toContainText('// saved in another tab');
  });

  test('Ctrl/Cmd+. in the code opens the tab for the selection; a failure says so', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const failing = SOURCE.replace('e2e-improve', 'e2e-server-error');
    await openWith(page, 'math.js', failing);

    // Lines 2 to 4, the function, selected from the keyboard.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('ArrowDown');
    for (let line = 0; line < 3; line += 1) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('ControlOrMeta+.');

    const panel = page.getByRole('region', { name: 'Quick actions' });
    await expect(page.getByRole('tab', { name: 'Quick Actions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(panel.getByTestId('quick-actions-scope')).toHaveText(
      'Works on: Selection (lines 2–4)',
    );
    const improve = panel.getByRole('button', { name: 'Improve' });
    await expect(improve).toBeFocused();

    // The selection does not hold the scenario's name, so the whole file is what fails here.
    await page.locator('.monaco-editor .view-lines').first().click();
    await expect(panel.getByTestId('quick-actions-scope')).toHaveText('Works on: Whole file');
    await panel.getByRole('button', { name: 'Optimize' }).click();
    await expect(toast(page, 'Optimization Failed')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Optimize' })).toBeEnabled();
  });

  test('the actions are disabled for a file without code', async ({ page, signedIn }) => {
    void signedIn;
    await openWith(page, 'empty.js', '\n\n');
    await page.getByRole('tab', { name: 'Quick Actions' }).click();
    const panel = page.getByRole('region', { name: 'Quick actions' });
    await expect(panel.getByTestId('quick-actions-scope')).toHaveText(
      'empty.js has no code yet: write some, then try again.',
    );
    for (const name of ['Improve', 'Optimize', 'Refactor', 'Document']) {
      await expect(panel.getByRole('button', { name })).toBeDisabled();
    }
    // Typing code enables them.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.type('let total = 1;');
    await expect(panel.getByRole('button', { name: 'Improve' })).toBeEnabled();
  });
});
