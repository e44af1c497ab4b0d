// bench/page-weight: the JavaScript and CSS a first visit to each page downloads, raw and gzip,
// measured in headless Chromium against the production build. Budget: every public page, the
// 404 page and the dashboard of a new account load at most 100 KB of gzipped JavaScript, and none
// of them loads the code editor. The dashboard with a project and the editor are reported only.
// Run: npm run build && npm run page-weight -w bench   (LIST_FILES=/dashboard,/login lists what
// those pages loaded, file by file)
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from '@playwright/test';
import { PUBLIC_PAGE_LIST } from '@kiln/shared';
import { BenchClient, printTable, startServer } from './lib/server';
import { launchChromium } from './lib/browser';

const JS_GZIP_BUDGET = 100 * 1024;
const EDITOR_PATTERN = /monaco|editor\.worker|codicon/i;

interface Visit {
  /** What the table calls it. */
  label: string;
  path: string;
  /** Whether it is held to JS_GZIP_BUDGET and kept free of editor code, or only reported. */
  budgeted: boolean;
}

interface Asset {
  url: string;
  type: 'js' | 'css';
  raw: number;
  gzip: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** What a first visit to `url` downloads: a fresh context, so nothing is cached. */
async function visit(browser: Browser, url: string, cookies: [string, string][]): Promise<Asset[]> {
  const context = await browser.newContext();
  // For the whole site: a cookie set for a page's URL would take its folder as its path.
  const origin = new URL(url).origin;
  await context.addCookies(cookies.map(([name, value]) => ({ name, value, url: origin })));
  const page = await context.newPage();
  const assets: Asset[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
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
  };
  page.on('response', onResponse);
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine the entry can take longer to run than networkidle's 500 ms, which then
  // fires before the page's own chunks are asked for: wait until the page has rendered (no
  // route fallback or skeleton left), then for 500 ms without a request.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return (
      root !== null &&
      root.childElementCount > 0 &&
      document.querySelector('[aria-busy="true"]') === null
    );
  });
  while (inFlight > 0 || Date.now() - lastActivity < 500) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A body still being read when the context closes would fail the run: wait until no response
  // arrived while the last ones were read, and stop listening before closing.
  let settled = 0;
  while (settled < pending.length) {
    settled = pending.length;
    await Promise.all(pending);
  }
  page.off('response', onResponse);
  await context.close();
  return assets;
}

/** A new account, signed in: the dashboard's first visit is the one right after registering. */
async function register(baseUrl: string) {
  const client = new BenchClient(baseUrl);
  const registered = await client.request('POST', '/api/auth/register', {
    email: `weight-${randomBytes(3).toString('hex')}@example.com`,
    password: 'bench-password',
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  return client;
}

/** Pages (by their label in the table) whose files are listed one by one: `LIST_FILES=/dashboard`. */
const LIST_FILES_OF = (process.env.LIST_FILES ?? '').split(',').filter(Boolean);

async function main() {
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 5190) });
  const browser = await launchChromium();
  const rows: (string | number)[][] = [];
  const listed: string[] = [];
  let failures = 0;
  const measure = async (target: Visit, cookies: [string, string][] = []) => {
    const assets = await visit(browser, server.baseUrl + target.path, cookies);
    const sum = (type: Asset['type'], key: 'raw' | 'gzip') =>
      assets.filter((asset) => asset.type === type).reduce((total, asset) => total + asset[key], 0);
    const loadsEditor = assets.some((asset) => EDITOR_PATTERN.test(asset.url));
    const jsGzip = sum('js', 'gzip');
    const overBudget = target.budgeted && jsGzip > JS_GZIP_BUDGET;
    if (overBudget || (target.budgeted && loadsEditor)) failures += 1;
    const budget = kb(JS_GZIP_BUDGET).replace(/\.0$/, '');
    rows.push([
      target.label,
      assets.filter((asset) => asset.type === 'js').length,
      kb(sum('js', 'raw')),
      kb(jsGzip),
      kb(sum('css', 'raw')),
      kb(sum('css', 'gzip')),
      loadsEditor ? 'YES' : 'no',
      target.budgeted ? `${overBudget ? 'OVER' : 'within'} ${budget} KB` : 'reported',
    ]);
    if (LIST_FILES_OF.includes(target.label)) {
      listed.push(`\nWhat ${target.label} loaded, largest first (gzip KB, raw KB):`);
      for (const asset of assets.sort((a, b) => b.gzip - a.gzip)) {
        listed.push(
          `  ${kb(asset.gzip).padStart(7)} ${kb(asset.raw).padStart(8)}  ${new URL(asset.url).pathname}`,
        );
      }
    }
  };
  try {
    // Every public page, and the 404 page their frame shares.
    for (const { path } of [...PUBLIC_PAGE_LIST, { path: '/no-such-page' }]) {
      await measure({ label: path, path, budgeted: true });
    }
    const client = await register(server.baseUrl);
    try {
      await measure(
        { label: '/dashboard', path: '/dashboard', budgeted: true },
        client.cookieList(),
      );
      const created = await client.request('POST', '/api/projects', { name: 'Page weight' });
      if (created.status !== 201) throw new Error(`create project answered ${created.status}`);
      const projectId = created.json<{ id: string }>().id;
      await measure(
        { label: '/dashboard, a project', path: '/dashboard', budgeted: false },
        client.cookieList(),
      );
      await measure(
        { label: '/editor/:id', path: `/editor/${projectId}`, budgeted: false },
        client.cookieList(),
      );
    } finally {
      client.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  for (const line of listed) console.log(line);
  printTable(
    ['page', 'js files', 'js KB', 'js KB gzip', 'css KB', 'css KB gzip', 'editor code', 'budget'],
    rows,
  );
  if (failures > 0) {
    console.error(`${failures} page(s) broke the budget`);
    process.exitCode = 1;
  }
}

await main();
