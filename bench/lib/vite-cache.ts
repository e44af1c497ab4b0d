import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';

/** What Vite writes once its dependency optimisation is done and kept. */
const METADATA = 'node_modules/.vite/deps/_metadata.json';

/**
 * Shows a React + Vite app's page in Chromium until its heading renders, then waits until Vite
 * has kept its optimised dependencies in `folder`. Vite keeps them only once every module the
 * page imports has been asked for; a start that is killed before then leaves a temporary
 * folder behind and optimises again next time, so a start "with packages cached" needs one
 * whole page load first.
 */
export async function fillViteCache(options: {
  browser: Browser;
  url: string;
  heading: string;
  folder: string;
  timeoutMs: number;
}): Promise<void> {
  const page = await options.browser.newPage();
  try {
    await page.goto(options.url);
    await page
      .getByRole('heading', { level: 1, name: options.heading })
      .waitFor({ timeout: options.timeoutMs });
  } finally {
    await page.close();
  }
  const file = path.join(options.folder, METADATA);
  const kept = () =>
    stat(file).then(
      () => true,
      () => false,
    );
  const deadline = Date.now() + options.timeoutMs;
  while (!(await kept())) {
    if (Date.now() > deadline) throw new Error(`Vite wrote no ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
