// Screenshots of a project's storage for the guides in docs/: the meter under the file tree of a project
// past 80% of its quota, and the toast of an upload refused because it would not fit, in both
// themes at desktop and phone width. Point it at a server of your own started with a small
// quota, so a project fills in a few uploads: PROJECT_MAX_MB=1 npm start, then
// npx tsx scripts/screenshots-storage.ts http://127.0.0.1:5000 [out-dir]
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openScreenshotSession } from './screenshot-session';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'docs/screenshots'] = process.argv.slice(2);
const SLOW_MS = 30_000;
const KB = 1024;
const devices = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

const session = await openScreenshotSession({ baseUrl, outDir, label: 'storage' });
const project = await session.post('/api/projects', {
  name: 'Photo gallery',
  templateId: 'html-css',
});

/** Picks files in the file tree's Upload, as a person does, and waits for the answer's toast. */
async function upload(page: Page, name: string, bytes: number, toastText: string) {
  await page.getByTestId('file-upload-input').setInputFiles({
    name,
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(bytes, 7),
  });
  await page.getByTestId('toast').filter({ hasText: toastText }).waitFor();
}

let filled = false;
for (const theme of ['light', 'dark'] as const) {
  for (const [device, viewport] of Object.entries(devices)) {
    const context = await session.themedContext(theme, viewport);
    const page = await context.newPage();
    page.setDefaultTimeout(SLOW_MS);
    await page.goto(`${baseUrl}/editor/${project.id}`);
    if (device === 'phone') await page.getByRole('tab', { name: 'Files' }).click();
    await page.getByTestId('storage-meter').waitFor();
    if (!filled) {
      await upload(page, 'hero.jpg', 850 * KB, 'Successfully uploaded');
      filled = true;
    }
    await upload(page, 'gallery.jpg', 400 * KB, 'Not enough storage');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(outDir, `storage-${device}-${theme}.png`) });
    await context.close();
  }
}
await session.browser.close();
console.log(`Screenshots written to ${outDir}/storage-*.png`);
