// Screenshots of Git sync, for the guides in docs/: the GitHub Integration dialog's six tabs, the
// Conflict Resolution dialog and the Git hosts settings page, in both themes at desktop width.
// It starts a Git host of its own on this machine (server/src/test/git-server.ts, needs `git`)
// and signs up a fresh user on the server it is given, so point it at a server of your own:
// npx tsx scripts/screenshots-git.ts http://127.0.0.1:5000 [out-dir]
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { startGitServer, type GitServer } from '../server/src/test/git-server';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'docs/screenshots'] = process.argv.slice(2);
const SLOW_MS = 30_000;

const host: GitServer = await startGitServer({ api: 'gitea', username: 'ada' });
const browser = await chromium.launch(chromiumLaunchOptions);
await mkdir(outDir, { recursive: true });

/** Calls the API as the app does: with the session cookie and the csrf_token cookie echoed. */
async function api<T>(context: BrowserContext, method: string, url: string, data?: object) {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrf_token');
  const response = await context.request.fetch(baseUrl + url, {
    method,
    data,
    headers: { 'x-csrf-token': csrf?.value ?? '' },
  });
  if (!response.ok()) {
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

const setup = await browser.newContext();
await setup.request.get(`${baseUrl}/api/health`);
const suffix = randomBytes(4).toString('hex');
await api(setup, 'POST', '/api/auth/register', {
  email: `git-${suffix}@example.com`,
  password: `pw-${suffix}-secret`,
  name: 'Ada Lovelace',
});
await api(setup, 'PUT', '/api/github/connection', { baseUrl: host.baseUrl, token: host.token });
// Repositories for the Import and Link lists.
for (const name of ['portfolio', 'notes-app', 'dotfiles']) await host.createRepo('ada', name);
host.protectedBranches.add('release');

const FILES: Record<string, string> = {
  'README.md': '# Weather API\n\nForecasts for any city.\n',
  'index.js':
    "import { forecast } from './src/forecast.js';\n\nconsole.log(await forecast('Leeds'));\n",
  'src/forecast.js':
    "export async function forecast(city) {\n  return { city, summary: 'Light rain', high: 14, low: 8 };\n}\n",
  'src/units.js': 'export const toFahrenheit = (celsius) => (celsius * 9) / 5 + 32;\n',
  'package.json': '{\n  "name": "weather-api",\n  "type": "module"\n}\n',
};

/**
 * A linked project with a history (a push, then a pull of another person's commits), a remote
 * branch two commits ahead and two files changed on both sides: what the tabs and the conflict
 * dialog show.
 */
async function linkedProject(theme: string) {
  const repo = `weather-api-${theme}`;
  await host.createRepo('ada', repo);
  const project = await api<{ id: string }>(setup, 'POST', '/api/projects', {
    name: 'Weather API',
    templateId: 'blank',
  });
  const existing = await api<{ id: string; path: string }[]>(
    setup,
    'GET',
    `/api/files/${project.id}`,
  );
  for (const file of existing) await api(setup, 'DELETE', `/api/files/${file.id}`);
  const ids: Record<string, string> = {};
  for (const [filePath, content] of Object.entries(FILES)) {
    const file = await api<{ id: string }>(setup, 'POST', '/api/files', {
      projectId: project.id,
      path: filePath,
      content,
    });
    ids[filePath] = file.id;
  }
  await api(setup, 'POST', '/api/github/link', {
    projectId: project.id,
    owner: 'ada',
    repo,
    branch: 'main',
  });
  await api(setup, 'POST', '/api/github/push', {
    projectId: project.id,
    message: 'Forecasts for any city',
  });
  const clone = await host.clone('ada', repo);
  await clone.write('CHANGELOG.md', '# Changes\n\n- Celsius and Fahrenheit\n');
  await clone.commitAndPush('Start a changelog');
  await clone.git(['push', '-q', 'origin', 'HEAD:refs/heads/release']);
  await api(setup, 'POST', '/api/github/pull', { projectId: project.id });
  await clone.write('src/units.js', 'export const toFahrenheit = (c) => (c * 9) / 5 + 32;\n');
  await clone.commitAndPush('Shorter names in units.js');
  await clone.write(
    'src/forecast.js',
    'export async function forecast(city) {\n  const response = await fetch(`https://weather.example/${city}`);\n  return response.json();\n}\n',
  );
  await clone.commitAndPush('Fetch real forecasts');
  // Changes here to the same two files: the next pull meets two conflicts.
  await api(setup, 'PATCH', `/api/files/${ids['src/forecast.js']}`, {
    content:
      "export async function forecast(city, units = 'metric') {\n  return { city, units, summary: 'Light rain', high: 14, low: 8 };\n}\n",
  });
  await api(setup, 'PATCH', `/api/files/${ids['src/units.js']}`, {
    content:
      'export const toFahrenheit = (celsius) => (celsius * 9) / 5 + 32;\nexport const toKelvin = (celsius) => celsius + 273.15;\n',
  });
  return project.id;
}

const storageState = await setup.storageState();

async function shoot(page: Page, name: string, theme: string, ready?: Locator) {
  if (ready) await ready.waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `git-${name}-${theme}.png`) });
}

for (const theme of ['dark', 'light'] as const) {
  const projectId = await linkedProject(theme);
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    deviceScaleFactor: 1,
    storageState,
  });
  await context.addInitScript((value: string) => localStorage.setItem('theme', value), theme);
  const page = await context.newPage();
  page.setDefaultTimeout(SLOW_MS);

  await page.goto(`${baseUrl}/settings/git-hosts?returnTo=/editor/${projectId}`);
  await shoot(page, 'hosts', theme, page.getByTestId('git-connection'));

  await page.goto(`${baseUrl}/editor/${projectId}`);
  await page.locator('.monaco-editor .view-lines').first().waitFor();
  await page.getByRole('button', { name: 'GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub Integration' });
  await shoot(page, 'sync', theme, dialog.getByTestId('sync-status'));

  await dialog.getByRole('tab', { name: 'Import' }).click();
  await shoot(page, 'import', theme, dialog.getByRole('list', { name: 'Repositories' }));
  await dialog.getByRole('tab', { name: 'Link' }).click();
  await dialog.getByRole('button', { name: /ada\/portfolio/ }).click();
  await shoot(page, 'link', theme);
  await dialog.getByRole('tab', { name: 'Push' }).click();
  await shoot(page, 'push', theme, dialog.getByLabel('Commit message'));
  await dialog.getByRole('tab', { name: 'Settings' }).click();
  // Options of a closed select are never visible: present is enough.
  await dialog.getByRole('option', { name: /release/ }).waitFor({ state: 'attached' });
  await shoot(page, 'settings', theme);
  await dialog.getByRole('tab', { name: 'History' }).click();
  await shoot(page, 'history', theme, dialog.getByTestId('history-entry').first());

  await dialog.getByRole('tab', { name: 'Sync' }).click();
  await dialog.getByRole('button', { name: 'Pull', exact: true }).click();
  const conflicts = page.getByRole('dialog', { name: 'Resolve Conflicts' });
  await conflicts.waitFor();
  // The first resolved, the second shown; the 'Pull completed with conflicts' notice stays.
  await conflicts.getByRole('button', { name: 'Use remote' }).click();
  await shoot(page, 'conflict', theme, conflicts.getByText('Conflict 2 of 2'));
  await context.close();
}

await browser.close();
await host.close();
console.log(`screenshots in ${outDir}`);
