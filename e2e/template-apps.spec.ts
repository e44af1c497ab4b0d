import type { Frame, Page } from '@playwright/test';
import { editorReady, expect, test } from './fixtures';
import { skipWithout } from './support/system-programs';

skipWithout('bwrap', 'python3');

/**
 * Templates run as apps (decision 0020): a project made from the React + Vite template starts
 * Vite behind the preview, and an edit saved in the editor reaches the page through Vite's hot
 * module replacement, its WebSocket carried by the preview's link. The packages come from the
 * suite's registry (support/verdaccio-server.ts), which fetches the templates' real ones.
 */

const PREVIEW = 'iframe[title="Preview of Running app"]';

/** Creates a project from the full template list of the dashboard's create dialog. */
async function createFromTemplate(page: Page, templateName: string): Promise<string> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByTestId('create-project-dialog');
  await dialog.getByRole('button', { name: /^Browse all \d+ templates$/ }).click();
  const list = dialog.getByRole('list', { name: 'Templates' });
  await list.getByRole('button', { name: new RegExp(`^${escapeRegExp(templateName)}`) }).click();
  await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function savedContent(page: Page, projectId: string, path: string) {
  const response = await page.request.get(
    `/api/files/${projectId}/content?path=${encodeURIComponent(path)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string | null }).content ?? '';
}

/** The preview iframe's document, to run script in the app's own window. */
async function previewWindow(page: Page): Promise<Frame> {
  const frame = await (await page.locator(PREVIEW).elementHandle())?.contentFrame();
  if (!frame) throw new Error('The preview has no frame');
  return frame;
}

interface MarkedWindow {
  kilnMarkedBeforeTheEdit?: boolean;
}

test.describe('template apps', () => {
  // Run app first installs the template's packages in the sandbox (npm's through the suite's
  // registry from the machine's own, Python's from the suite's index), on a shared 2-core machine.
  test.describe.configure({ timeout: 420_000 });

  test('React + Vite runs in the preview, and an edit saved in the editor arrives without a reload', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createFromTemplate(page, 'React + Vite');
    await editorReady(page);

    await page.getByRole('button', { name: 'Run app', exact: true }).click();
    const log = page.getByRole('region', { name: 'App log' });
    await expect(log).toContainText(/VITE v\d+\.\d+\.\d+\s+ready in/, { timeout: 300_000 });
    await expect(log).toContainText('Installed the packages of package.json');
    // Kiln may add its own host and port options to the template's script.
    await expect(page.getByTestId('app-status')).toHaveText(
      /^Running \(npm run dev( -- .*)?\) on port \d+$/,
    );

    const app = page.locator(PREVIEW).contentFrame();
    const heading = app.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('React + Vite', { timeout: 60_000 });
    // Some state of the page's own: a reload would set the counter back to 0. The preview
    // shows the page scaled down, where Playwright's clicks do not land: the keyboard does.
    const increase = app.getByRole('button', { name: 'Increase' });
    await increase.press('Enter');
    await increase.press('Enter');
    await expect(app.locator('output')).toHaveText('2');
    // A mark on the app's window: only a reload (a new document) removes it.
    const frame = await previewWindow(page);
    await frame.evaluate(() => {
      (window as MarkedWindow).kilnMarkedBeforeTheEdit = true;
    });
    let navigations = 0;
    page.on('framenavigated', (navigated) => {
      if (navigated === frame) navigations += 1;
    });

    // Open src/App.tsx from the file tree, find the heading's text and type a new one over it.
    await page
      .getByRole('tree', { name: 'Project files' })
      .getByRole('treeitem', { name: 'App.tsx', exact: true })
      .click();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('App.tsx');
    const code = page.locator('.monaco-editor .view-lines').first();
    // Monaco draws only the lines on screen: the heading is further down.
    await expect(code).toContainText("import { useState, type FormEvent } from 'react';");
    await code.click();
    await page.keyboard.press('ControlOrMeta+F');
    const find = page.getByRole('dialog', { name: 'Find / Replace' });
    await expect(find).toBeVisible();
    await page.keyboard.type('React + Vite');
    await page.keyboard.press('Escape');
    await expect(find).toBeHidden();
    // Find left the match selected: typing replaces it.
    await page.keyboard.type('Edited in Kiln');
    await expect(code).toContainText('<h1>Edited in Kiln</h1>');
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('save-status')).toHaveText('Saved just now');
    expect(await savedContent(page, id, 'src/App.tsx')).toContain('<h1>Edited in Kiln</h1>');

    await expect(heading).toHaveText('Edited in Kiln', { timeout: 30_000 });
    expect(await frame.evaluate(() => (window as MarkedWindow).kilnMarkedBeforeTheEdit)).toBe(true);
    expect(navigations).toBe(0);
    await expect(app.locator('output')).toHaveText('2');
  });

  // Flask's wheels come from a Python of this machine that has the template's requirements
  // (support/wheel-index-server.ts); without one, its index is empty and this is skipped.
  test.describe(() => {
    skipWithout('flask-wheels');

    test('Python + Flask runs in the preview', async ({ page, signedIn }) => {
      void signedIn;
      await createFromTemplate(page, 'Python + Flask');
      await editorReady(page);

      await page.getByRole('button', { name: 'Run app', exact: true }).click();
      const log = page.getByRole('region', { name: 'App log' });
      await expect(log).toContainText('Running on http://', { timeout: 300_000 });
      // pip installed Flask from the suite's index into the project's own environment.
      await expect(log).toContainText(/Successfully installed .*flask-3\./i);
      await expect(log).toContainText('Installed the packages of requirements.txt');
      await expect(page.getByTestId('app-status')).toHaveText(/^Running \(.+\) on port \d+$/);

      const app = page.locator(PREVIEW).contentFrame();
      await expect(app.getByRole('heading', { level: 1 })).toHaveText('Hello from Flask', {
        timeout: 60_000,
      });
      // The page's script (from the app's /static) asks the app's JSON API, both under the link.
      await app.getByRole('textbox', { name: 'Your name' }).fill('Kiln');
      await app.getByRole('textbox', { name: 'Your name' }).press('Enter');
      await expect(app.locator('#greeting')).toHaveText('Hello, Kiln!');
    });
  });
});
