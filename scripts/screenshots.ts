// Screenshots of pages in both themes at desktop and phone width, for looking at what a person
// sees: npx tsx scripts/screenshots.ts http://127.0.0.1:5000 [out-dir] [route ...]
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_PAGE_LIST } from '@kiln/shared';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'screenshots', ...routeArgs] =
  process.argv.slice(2);
// By default every public page, and the 404 page.
const routes =
  routeArgs.length > 0
    ? routeArgs
    : [...PUBLIC_PAGE_LIST.map((page) => page.path), '/no-such-page'];
const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 375, height: 740 } };

const browser = await chromium.launch(chromiumLaunchOptions);
await mkdir(outDir, { recursive: true });
for (const theme of ['dark', 'light'] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
      const name = route === '/' ? 'landing' : route.slice(1).replace(/[/?=&]/g, '_');
      await page.screenshot({
        path: path.join(outDir, `${name}-${theme}-${device}.png`),
        fullPage: process.env.FULL === '1',
      });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots written to ${outDir}`);
