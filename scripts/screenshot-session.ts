// What every screenshot script of the guides starts with: Debian's Chromium, the output folder, and a
// fresh account signed up on the server given, whose API is called as the app calls it (the
// session cookie, and the csrf_token cookie echoed in its header).
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

export interface ScreenshotSession {
  browser: Browser;
  /** The signed-in context the API calls go through. */
  setup: BrowserContext;
  email: string;
  password: string;
  /** POSTs JSON as the signed-in person; throws on anything but 2xx. */
  post<T = { id: string }>(url: string, data: object): Promise<T>;
  /** A new signed-in browser context at desktop size in the given theme. */
  themedContext(
    theme: 'light' | 'dark',
    viewport?: { width: number; height: number },
  ): Promise<BrowserContext>;
}

export async function openScreenshotSession(options: {
  baseUrl: string;
  outDir: string;
  /** Names the account: `<label>-<random>@example.com`. */
  label: string;
  name?: string;
}): Promise<ScreenshotSession> {
  const { baseUrl } = options;
  const browser = await chromium.launch(chromiumLaunchOptions);
  await mkdir(options.outDir, { recursive: true });
  const setup = await browser.newContext();
  await setup.request.get(`${baseUrl}/api/health`);
  const post = async <T = { id: string }>(url: string, data: object): Promise<T> => {
    const csrf = (await setup.cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
    const response = await setup.request.post(baseUrl + url, {
      data,
      headers: { 'x-csrf-token': csrf ?? '' },
    });
    if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const suffix = randomBytes(4).toString('hex');
  const email = `${options.label}-${suffix}@example.com`;
  const password = `pw-${suffix}-secret`;
  await post('/api/auth/register', { email, password, name: options.name ?? 'Ada Lovelace' });
  return {
    browser,
    setup,
    email,
    password,
    post,
    async themedContext(theme, viewport = { width: 1366, height: 900 }) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 1,
        storageState: await setup.storageState(),
      });
      await context.addInitScript((value: string) => localStorage.setItem('theme', value), theme);
      return context;
    },
  };
}
