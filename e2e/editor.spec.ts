import type { Page } from '@playwright/test';
import { createProject, editorReady, expect, test, toast } from './fixtures';

/** A file's text as the server has it (the file list carries no content). */
async function savedContent(page: Page, projectId: string, path: string) {
  const response = await page.request.get(
    `/api/files/${projectId}/content?path=${encodeURIComponent(path)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string | null }).content ?? '';
}

/** Clicks into the open Monaco document and types at its end, as a person would. */
async function typeAtEnd(page: Page, text: string) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

test.describe('editor', () => {
  // Each test loads Monaco (and some two tabs of it) on a 2-core machine: give them room.

  test('opens the template’s index.html, autosaves an edit, and keeps it across a reload', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Site');
    await page.goto(`/editor/${id}`);
    await expect(page.getByRole('heading', { name: 'Site' })).toBeVisible();
    // The initial-file rule (pickInitialFile) chooses index.html first.
    await expect(page.getByRole('treeitem', { name: 'index.html' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('index.html');
    await editorReady(page);

    await typeAtEnd(page, '\n<!-- edited in Kiln -->');
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');
    await expect(page.getByTestId('unsaved-dot')).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText(/^(Saving\.\.\.|Saved)$/);
    await expect(page.getByTestId('save-status')).toHaveText('Saved just now');
    await expect(page.getByTestId('unsaved-dot')).toHaveCount(0);

    // The server has it (the editor shows only the lines on screen of a long file).
    expect(await savedContent(page, id, 'index.html')).toContain('edited in Kiln');
    await page.reload();
    await expect(page.getByTestId('save-status')).not.toHaveText('Unsaved changes');
  });

  test('Ctrl/Cmd+S saves at once', async ({ page, signedIn }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Blank');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    await typeAtEnd(page, '\n// saved by shortcut');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByTestId('save-status')).toHaveText(
      /^(Saving\.\.\.|Saved|Saved just now)$/,
    );
    await expect.poll(() => savedContent(page, id, 'index.js')).toContain('saved by shortcut');
  });

  test('an edit made while saves fail survives a reload and is saved when the server answers', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Offline');
    await page.goto(`/editor/${id}`);
    await editorReady(page);

    // The connection drops: every save fails.
    await page.route('**/api/files/*', (route) =>
      route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await typeAtEnd(page, '\n// written while offline');
    await expect(toast(page, 'Failed to save file.')).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');

    await page.reload();
    await expect(page.getByTestId('unsaved-dot')).toBeVisible();
    await expect(page.locator('.monaco-editor')).toContainText('written while offline');

    // The connection is back: the kept edit is saved without anyone retyping it.
    await page.unroute('**/api/files/*');
    await expect(page.getByTestId('save-status')).toHaveText('Saved just now');
    expect(await savedContent(page, id, 'index.js')).toContain('written while offline');
  });

  test('creates, renames and deletes files and folders, and uploads a file', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Tree');
    await page.goto(`/editor/${id}`);
    const row = (path: string) => page.locator(`[role="treeitem"][data-path="${path}"]`);
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: 'New Folder' }).click();
    await expect(dialog).toContainText('Creating in root directory');
    await dialog.getByLabel('Name').fill('src');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(row('src')).toBeVisible();

    await row('src').hover();
    await page.getByRole('button', { name: 'New file in src' }).click();
    await expect(dialog).toContainText('Creating in src');
    await dialog.getByLabel('Name').fill('util.js');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(row('src/util.js')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('util.js');

    // Renaming the folder of the open file keeps that file open at its new path.
    await row('src').hover();
    await page.getByRole('button', { name: 'Rename src' }).click();
    await expect(dialog).toContainText('Enter a new name for the file or folder.');
    await expect(dialog.getByRole('button', { name: 'Rename' })).toBeDisabled();
    await dialog.getByLabel('New name').fill('lib');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(row('lib/util.js')).toHaveAttribute('aria-selected', 'true');
    await expect(row('src')).toHaveCount(0);

    // Deleting the open file clears the selection.
    await row('lib/util.js').hover();
    await page.getByRole('button', { name: 'Delete util.js' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row('lib/util.js')).toHaveCount(0);
    await expect(page.getByText('Select a file to start editing')).toBeVisible();

    await page.getByTestId('file-upload-input').setInputFiles({
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Notes\n'),
    });
    await expect(toast(page, 'Successfully uploaded 1 file(s)')).toBeVisible();
    await expect(row('notes.md')).toBeVisible();
  });

  test('quick open, search in files, go to line and the shortcuts help', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'react-vite', 'Dialogs');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });

    // Cmd/Ctrl+P from inside the editor: Monaco must not swallow it.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+p');
    const quickOpen = page.getByRole('dialog', { name: 'Go to file' });
    await quickOpen.getByLabel('File name or path').fill('main');
    await page.keyboard.press('Enter');
    await expect(breadcrumbs).toContainText('main.tsx');
    await expect(quickOpen).toHaveCount(0);

    await page.keyboard.press('ControlOrMeta+Shift+f');
    const search = page.getByRole('dialog', { name: 'Search in files' });
    await search.getByLabel('Search text').fill('useState');
    await page.keyboard.press('Enter');
    const firstMatch = search.getByRole('button', { name: /^Line \d+: .*useState/ }).first();
    await expect(firstMatch).toBeVisible();
    await firstMatch.click();
    await expect(search).toHaveCount(0);
    await expect(breadcrumbs).toContainText('App.tsx');

    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+g');
    const goToLine = page.getByRole('dialog', { name: 'Go to line' });
    await goToLine.getByLabel('Line number').fill('3');
    await page.keyboard.press('Enter');
    await expect(goToLine).toHaveCount(0);
    await expect(page.locator('.monaco-editor .active-line-number')).toHaveText('3');

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const group of ['General', 'Editor', 'Navigation', 'Code Execution', 'Multi-cursor']) {
      await expect(help.getByRole('heading', { name: group })).toBeVisible();
    }
    await expect(help).toContainText('Quick file search');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
  });

  test('previews the HTML file at desktop, tablet and mobile sizes, and refreshes', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Preview');
    await page.goto(`/editor/${id}`);
    await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const frame = page.locator('iframe[title="Preview of index.html"]');
    await expect(frame).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms allow-popups allow-modals',
    );
    // The page and its relative stylesheet and script load from the preview origin.
    await expect(frame.contentFrame().getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL((await frame.getAttribute('src')) ?? '').origin).not.toBe(
      new URL(page.url()).origin,
    );

    // Each device lays the page out at its own size; the panel draws it scaled to fit
    // (editor-preview.spec.ts checks the drawing and the scrolling).
    for (const [device, width, height] of [
      ['Tablet', 768, 1024],
      ['Mobile', 375, 667],
      ['Desktop', 1280, 800],
    ] as const) {
      await page.getByRole('button', { name: device }).click();
      await expect(page.getByTestId('preview-size')).toHaveText(
        new RegExp(`^${width} × ${height} · \\d+%$`),
      );
      expect(
        await frame.evaluate((element: HTMLElement) => [element.offsetWidth, element.offsetHeight]),
      ).toEqual([width, height]);
    }
    await expect(page.getByRole('tabpanel', { name: 'Preview' })).toContainText('index.html');

    // The spinner lasts 500 ms: watch for it rather than poll for it.
    await page.evaluate(`(() => {
      window.__sawRefreshSpinner = false;
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Refreshing"]')) window.__sawRefreshSpinner = true;
      }).observe(document.body, { childList: true, subtree: true });
    })()`);
    await page.getByRole('button', { name: 'Refresh preview' }).click();
    await expect.poll(() => page.evaluate('window.__sawRefreshSpinner')).toBe(true);
    await expect(page.getByLabel('Refreshing')).toHaveCount(0);

    // Another file of the page keeps the Preview (of the page) and adds Quick Actions.
    await page.locator('[role="treeitem"][data-path="script.js"]').click();
    await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(frame).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Quick Actions' })).toBeVisible();
  });

  test('a save based on an old version shows both sides instead of overwriting', async ({
    page,
    signedIn,
  }) => {
    // Two tabs, each loading Monaco: three times the editor budget.
    test.slow();
    void signedIn;
    const id = await createProject(page, 'blank', 'Race');
    // This tab hears nothing of the other's saves (live presence would reload its unmodified
    // file), so it keeps the version it opened, as a tab offline for a moment would.
    await page.routeWebSocket(/\/ws$/, (socket) => socket.close());
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const other = await page.context().newPage();
    await other.goto(`/editor/${id}`);
    await editorReady(other);

    await typeAtEnd(other, '\n// from the other tab');
    await expect(other.getByTestId('save-status')).toHaveText('Saved just now');

    // Back to the first tab, which still holds the version it opened.
    await page.bringToFront();
    await typeAtEnd(page, '\n// from this tab');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('changed elsewhere');
    await expect(dialog).toContainText('from the other tab');
    await expect(dialog).toContainText('from this tab');
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(page.getByTestId('save-status')).toHaveText('Saved just now');

    const content = await savedContent(page, id, 'index.js');
    expect(content).toContain('from this tab');
    expect(content).not.toContain('from the other tab');
  });

  test('a large project: the tree renders only the rows on screen, and a file’s text loads when it is opened', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'blank', 'Large');
    // 20 folders of 30 files, and one more folder with the file the test looks for.
    const form = new FormData();
    for (let folder = 0; folder < 20; folder += 1) {
      for (let file = 0; file < 30; file += 1) {
        const name = `pkg/mod-${String(folder).padStart(2, '0')}/file-${String(file).padStart(2, '0')}.js`;
        form.append('files', new Blob([`export const value = ${file};\n`]), name);
      }
    }
    form.append('files', new Blob(['export const needle = "found it";\n']), 'zz/needle.js');
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token');
    const upload = await page.request.post(`/api/files/upload/${id}`, {
      multipart: form,
      headers: { 'x-csrf-token': csrf?.value ?? '' },
    });
    expect(upload.status()).toBe(200);

    // The editor's list names every file without its text; the public list carries the text.
    type Listed = { path: string; content?: string | null };
    const listAt = async (url: string) => (await (await page.request.get(url)).json()) as Listed[];
    const entries = await listAt(`/api/files/${id}/entries`);
    expect(entries.length).toBeGreaterThan(600);
    expect(entries.filter((file) => 'content' in file)).toEqual([]);
    const full = await listAt(`/api/files/${id}`);
    expect(full.map((file) => file.path)).toEqual(entries.map((file) => file.path));
    expect(full.find((file) => file.path === 'zz/needle.js')?.content).toBe(
      'export const needle = "found it";\n',
    );

    await page.goto(`/editor/${id}`);
    const tree = page.getByRole('tree', { name: 'Project files' });
    const row = (path: string) => tree.locator(`[role="treeitem"][data-path="${path}"]`);
    // The first file (index.js, after some 620 rows) is scrolled into view and opened.
    await expect(row('index.js')).toHaveAttribute('aria-selected', 'true');
    await expect(row('index.js')).toBeInViewport();
    await expect(page.locator('.monaco-editor')).toContainText('Hello');
    // Only the rows near the screen are rendered.
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(100);

    // The filter finds a file; opening it fetches its text.
    await page.getByLabel('Filter files').fill('needle');
    await expect(tree.getByRole('treeitem')).toHaveCount(2);
    const opened = page.waitForResponse((response) =>
      response.url().includes(`/api/files/${id}/content?path=zz%2Fneedle.js`),
    );
    await row('zz/needle.js').click();
    expect((await opened).status()).toBe(200);
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('needle.js');
    await expect(page.locator('.monaco-editor')).toContainText('found it');
    await page.getByLabel('Filter files').fill('');

    // Keyboard: Home and End go to the first and last rows, scrolling them into view; Left and
    // Right fold and unfold; Enter opens.
    await tree.focus();
    await page.keyboard.press('Home');
    await expect(row('pkg')).toBeInViewport();
    await expect(row('pkg')).toHaveAttribute('aria-setsize', '4');
    await page.keyboard.press('ArrowLeft');
    await expect(row('pkg')).toHaveAttribute('aria-expanded', 'false');
    // pkg folded: pkg, zz, zz/needle.js, index.js and README.md.
    await expect(tree.getByRole('treeitem')).toHaveCount(5);
    await page.keyboard.press('ArrowRight');
    await expect(row('pkg')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    await expect(row('README.md')).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(row('README.md')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('README.md');

    // Row actions are rendered on the row focused from the keyboard, and on the row under the
    // mouse, and nowhere else.
    await page.keyboard.press('Home');
    await expect(page.getByRole('button', { name: 'Rename pkg' })).toBeVisible();
    await page.getByLabel('Filter files').focus();
    await expect(page.getByRole('button', { name: 'Rename pkg' })).toHaveCount(0);
    await row('pkg/mod-00').hover();
    await expect(page.getByRole('button', { name: 'New file in mod-00' })).toBeVisible();
    await row('pkg/mod-00/file-01.js').hover();
    await expect(page.getByRole('button', { name: 'New file in mod-00' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Rename / })).toHaveCount(1);
    await page.getByRole('button', { name: 'Rename file-01.js' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'Enter a new name for the file or folder.',
    );
  });
});
