import { randomBytes } from 'node:crypto';
import { expect, test as base, type Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
  name: string;
}

export function newAccount(prefix = 'e2e'): Account {
  const id = randomBytes(4).toString('hex');
  return {
    email: `${prefix}-${id}@example.com`,
    password: `pw-${id}-secret`,
    name: `Tester ${id}`,
  };
}

/** Registers through the API with the page's own cookies, as the dialog would. */
export async function registerViaApi(page: Page, account: Account) {
  await page.goto('/api/health');
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const response = await page.request.post('/api/auth/register', {
    data: account,
    headers: { 'x-csrf-token': csrf },
  });
  expect(response.status()).toBe(201);
}

export const test = base.extend<{ signedIn: Account }>({
  signedIn: async ({ page }, use) => {
    const account = newAccount();
    await registerViaApi(page, account);
    await use(account);
  },
});

export { expect };

/** The signed-in page's CSRF token, for calls made with `page.request`. */
export async function csrfToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name.endsWith('csrf_token'))?.value ?? '';
}

/** Creates a project from a template through the API, as the dashboard would, and answers its id. */
export async function createProject(page: Page, templateId: string, name: string) {
  const response = await page.request.post('/api/projects', {
    data: { name, templateId },
    headers: { 'x-csrf-token': await csrfToken(page) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The visible toast holding `text` (Radix also mirrors it into a screen-reader live region). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByTestId('toast').filter({ hasText: text });
}

/** Logs out the way a person does: from the User Management dialog on the dashboard. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User management' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Waits for Monaco to show. A fresh browser context downloads and parses about 4 MB of editor
 * code, which takes 3 s on a quiet 2-core machine and can pass 10 s while other specs run;
 * bench/editor measures the real time, this only waits for it.
 */
export async function editorReady(page: Page) {
  await expect(page.locator('.monaco-editor')).toBeVisible({ timeout: 30_000 });
}

/** Adds a file to a project through the API, as the editor's New File does. */
export async function addFile(page: Page, projectId: string, path: string, content: string) {
  const response = await page.request.post('/api/files', {
    data: { projectId, path, content },
    headers: { 'x-csrf-token': await csrfToken(page) },
  });
  expect(response.status()).toBe(201);
}
