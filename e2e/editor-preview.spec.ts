import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { createProject, editorReady, expect, test } from './fixtures';

/**
 * The editor's Preview tab: it keeps showing the page while that page's stylesheet or script is
 * edited, and renders it at desktop, tablet and phone sizes, scaled to fit the panel.
 */

const docsScreenshots = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../docs/screenshots',
);

const previewFrame = (page: Page, file = 'index.html') =>
  page.locator(`iframe[title="Preview of ${file}"]`);

/** A file's text as the server has it (the file list carries no content). */
async function savedContent(page: Page, projectId: string, filePath: string) {
  const response = await page.request.get(
    `/api/files/${projectId}/content?path=${encodeURIComponent(filePath)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string | null }).content ?? '';
}

async function openFromTree(page: Page, filePath: string) {
  await page.locator(`[role="treeitem"][data-path="${filePath}"]`).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(
    filePath.split('/').pop() ?? filePath,
  );
}

/** The size a frame lays its page out at, and the size it is drawn at on screen. */
async function frameSizes(frame: Locator) {
  const layout = await frame.evaluate((element: HTMLIFrameElement) => ({
    width: element.offsetWidth,
    height: element.offsetHeight,
  }));
  // The page itself sees the device's viewport, whatever the drawing scale.
  const viewport = await frame
    .contentFrame()
    .locator('html')
    .evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const box = await frame.boundingBox();
  return { layout, viewport, drawn: { width: box?.width ?? 0, height: box?.height ?? 0 } };
}

/** The percentage the toolbar shows, '768 × 1024 · 57%' read as 0.57. */
async function shownScale(page: Page, width: number, height: number) {
  const label = page.getByTestId('preview-size');
  await expect(label).toHaveText(new RegExp(`^${width} × ${height} · \\d+%$`));
  const text = (await label.textContent()) ?? '';
  return Number(/(\d+)%$/.exec(text)?.[1]) / 100;
}

/**
 * Moves the edge between the code and the side panel with its keys, as a keyboard user resizes
 * it: Home gives the code its smallest width (the widest side panel), End its largest.
 */
async function resizeSidePanel(page: Page, key: 'Home' | 'End') {
  const edge = page.locator('[role="separator"][aria-controls="editor"]');
  await edge.focus();
  await page.keyboard.press(key);
  const limit = key === 'Home' ? 'aria-valuemin' : 'aria-valuemax';
  await expect
    .poll(
      async () => (await edge.getAttribute('aria-valuenow')) === (await edge.getAttribute(limit)),
    )
    .toBe(true);
}

async function chooseDevice(page: Page, device: 'Desktop' | 'Tablet' | 'Mobile') {
  const button = page.getByRole('button', { name: device, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test.describe('editor preview', () => {
  // Loads Monaco and a previewed page on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('keeps showing the page while its stylesheet and script are edited, and refreshes on save', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Live preview');
    await page.goto(`/editor/${id}`);
    const previewTab = page.getByRole('tab', { name: 'Preview' });
    await expect(previewTab).toHaveAttribute('aria-selected', 'true');
    const frame = previewFrame(page);
    const heading = frame.contentFrame().getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await editorReady(page);

    // The stylesheet opens and the page stays in view, named in the preview's toolbar.
    await openFromTree(page, 'styles.css');
    await expect(previewTab).toHaveAttribute('aria-selected', 'true');
    await expect(frame).toBeVisible();
    await expect(heading).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Preview' })).toContainText('index.html');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('{');

    // An edit of the stylesheet shows in the page once it is saved.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\nh1 { color: rgb(1, 2, 3); }\n');
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('save-status')).toHaveText('Saved just now');
    expect(await savedContent(page, id, 'styles.css')).toContain('h1 { color: rgb(1, 2, 3); }');
    await expect(previewFrame(page).contentFrame().locator('h1')).toHaveCSS(
      'color',
      'rgb(1, 2, 3)',
    );

    // The script too; and choosing the AI Chat is remembered until Preview is picked again.
    await openFromTree(page, 'script.js');
    await expect(previewTab).toHaveAttribute('aria-selected', 'true');
    await expect(previewFrame(page)).toBeVisible();
    const chatTab = page.getByRole('tab', { name: 'AI Chat' });
    await chatTab.click();
    await openFromTree(page, 'styles.css');
    await expect(chatTab).toHaveAttribute('aria-selected', 'true');
    await previewTab.click();
    await expect(previewFrame(page).contentFrame().locator('h1')).toHaveCSS(
      'color',
      'rgb(1, 2, 3)',
    );
  });

  test('renders Desktop scaled to fit, and Tablet and Mobile at their exact sizes, scrollable when taller', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const id = await createProject(page, 'html-css', 'Devices');
    await page.goto(`/editor/${id}`);
    const frame = previewFrame(page);
    await expect(frame.contentFrame().getByRole('heading', { level: 1 })).toBeVisible();
    // The preview's isolation is unchanged (preview-isolation.spec.ts tests what it keeps out).
    await expect(frame).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms allow-popups allow-modals',
    );
    const stage = page.getByTestId('preview-stage');
    const stageBox = () =>
      stage.evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));

    // Desktop: a 1280 px wide page, drawn smaller to fit the side panel, all of it in view.
    await expect(page.getByRole('button', { name: 'Desktop' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const desktopScale = await shownScale(page, 1280, 800);
    expect(desktopScale).toBeLessThan(1);
    const desktop = await frameSizes(frame);
    expect(desktop.layout).toEqual({ width: 1280, height: 800 });
    expect(desktop.viewport).toEqual({ width: 1280, height: 800 });
    expect(desktop.drawn.width).toBeGreaterThanOrEqual(1280 * desktopScale - 1);
    expect(desktop.drawn.width).toBeLessThan(1280 * (desktopScale + 0.01) + 1);
    expect(desktop.drawn.width).toBeLessThanOrEqual((await stageBox()).width);
    expect(desktop.drawn.height).toBeLessThanOrEqual((await stageBox()).height);

    // A wider side panel: Tablet and Mobile are then taller than the panel.
    await resizeSidePanel(page, 'Home');
    for (const [device, width, height] of [
      ['Tablet', 768, 1024],
      ['Mobile', 375, 667],
    ] as const) {
      await chooseDevice(page, device);
      const scale = await shownScale(page, width, height);
      const sizes = await frameSizes(frame);
      expect(sizes.layout).toEqual({ width, height });
      expect(sizes.viewport).toEqual({ width, height });
      // Drawn at the shown scale: never wider than the panel, so never clipped at the side.
      const space = await stageBox();
      expect(sizes.drawn.width).toBeGreaterThanOrEqual(width * scale - 1);
      expect(sizes.drawn.width).toBeLessThan(width * (scale + 0.01) + 1);
      expect(sizes.drawn.width).toBeLessThanOrEqual(space.width);
      expect(Math.abs(sizes.drawn.height / sizes.drawn.width - height / width)).toBeLessThan(0.01);

      // Taller than the panel: the panel scrolls down to the bottom of the screen.
      expect(sizes.drawn.height).toBeGreaterThan(space.height);
      await stage.evaluate((element) => (element.scrollTop = element.scrollHeight));
      await expect
        .poll(async () => {
          const frameBox = await frame.boundingBox();
          const stageTop = (await stage.boundingBox())?.y ?? 0;
          return (frameBox?.y ?? 0) + (frameBox?.height ?? 0) <= stageTop + space.height;
        })
        .toBe(true);
      await stage.evaluate((element) => (element.scrollTop = 0));
    }
    await expect(page.getByTestId('preview-size')).toHaveText('375 × 667 · 100%');

    // A panel narrower than the phone: the phone is drawn smaller to fit its width.
    await resizeSidePanel(page, 'End');
    const narrowScale = await shownScale(page, 375, 667);
    expect(narrowScale).toBeLessThan(1);
    const narrow = await frameSizes(frame);
    expect(narrow.layout).toEqual({ width: 375, height: 667 });
    expect(narrow.drawn.width).toBeLessThanOrEqual((await stageBox()).width);
  });

  test('screenshots at the three sizes in both themes', async ({ page, signedIn }) => {
    void signedIn;
    await page.setViewportSize({ width: 1440, height: 900 });
    const id = await createProject(page, 'html-css', 'Studio North');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    await expect(
      previewFrame(page).contentFrame().getByRole('heading', { level: 1 }),
    ).toBeVisible();
    // The page's stylesheet open in the code, as the preview is used while styling a page.
    await openFromTree(page, 'styles.css');
    // KILN_DOCS_SCREENSHOTS=1 writes them to docs/screenshots; otherwise they are attached.
    const write = process.env.KILN_DOCS_SCREENSHOTS === '1';
    if (write) await mkdir(docsScreenshots, { recursive: true });
    for (const theme of ['dark', 'light'] as const) {
      const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
      if (await toggle.isVisible()) await toggle.click();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      for (const device of ['Desktop', 'Tablet', 'Mobile'] as const) {
        await chooseDevice(page, device);
        await expect(page.getByTestId('preview-size')).toHaveText(/ · \d+%$/);
        await expect(
          previewFrame(page).contentFrame().getByRole('heading', { level: 1 }),
        ).toBeVisible();
        const name = `editor-preview-${device.toLowerCase()}-${theme}.png`;
        const body = await page.screenshot({
          path: write ? path.join(docsScreenshots, name) : undefined,
        });
        await test.info().attach(name, { body, contentType: 'image/png' });
      }
    }
  });
});
