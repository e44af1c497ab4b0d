// bench/page-weight: the JavaScript and CSS a first visit to each public route downloads,
// raw and gzip, measured in headless Chromium against the production build.
// Budget: the landing page loads at most 150 KB of gzipped JavaScript, and no public
// page loads the code editor. Run: npm run build && npm run page-weight -w bench
import { gzipSync } from 'node:zlib';
import { PUBLIC_PAGE_LIST } from '@kiln/shared';
import { printTable, startServer } from './lib/server';
import { launchChromium } from './lib/browser';

// Every public page, and the 404 page.
const ROUTES = [...PUBLIC_PAGE_LIST.map((page) => page.path), '/no-such-page'];
const LANDING_JS_GZIP_BUDGET = 150 * 1024;
const EDITOR_PATTERN = /monaco|editor\.worker|codicon/i;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 5190) });
  const browser = await launchChromium();
  const rows: (string | number)[][] = [];
  let failures = 0;
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const assets: { url: string; type: 'js' | 'css'; raw: number; gzip: number }[] = [];
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          response.body().then((body) => {
            assets.push({
              url: response.url(),
              type: type === 'script' ? 'js' : 'css',
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
            });
          }),
        );
      });
      await page.goto(server.baseUrl + route, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      await context.close();

      const sum = (type: 'js' | 'css', key: 'raw' | 'gzip') =>
        assets
          .filter((asset) => asset.type === type)
          .reduce((total, asset) => total + asset[key], 0);
      const loadsEditor = assets.some((asset) => EDITOR_PATTERN.test(asset.url));
      const jsGzip = sum('js', 'gzip');
      const overBudget = route === '/' && jsGzip > LANDING_JS_GZIP_BUDGET;
      if (overBudget || loadsEditor) failures += 1;
      rows.push([
        route,
        assets.filter((asset) => asset.type === 'js').length,
        kb(sum('js', 'raw')),
        kb(jsGzip),
        kb(sum('css', 'raw')),
        kb(sum('css', 'gzip')),
        loadsEditor ? 'YES' : 'no',
        route === '/' ? (overBudget ? 'OVER 150 KB' : 'within 150 KB') : '',
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  printTable(
    ['route', 'js files', 'js KB', 'js KB gzip', 'css KB', 'css KB gzip', 'editor code', 'budget'],
    rows,
  );
  if (failures > 0) {
    console.error(`${failures} route(s) broke the budget`);
    process.exitCode = 1;
  }
}

await main();
