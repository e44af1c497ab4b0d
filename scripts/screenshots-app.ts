// Screenshots of the signed-in product (dashboard, create-project dialog, editor and its dialogs)
// in both themes at desktop and phone width, for looking at what a person sees. It signs up a
// fresh user on the server it is given, so point it at a server of your own, never a shared one:
// npx tsx scripts/screenshots-app.ts http://127.0.0.1:5000 [out-dir]
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const [baseUrl = 'http://127.0.0.1:5000', outDir = 'screenshots/app'] = process.argv.slice(2);
const themes = ['dark', 'light'] as const;
const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 375, height: 740 } };
type Theme = (typeof themes)[number];
type Device = keyof typeof viewports;

/** A fresh browser loads and parses about 4 MB of Monaco: on 2 cores that can take 10 s. */
const SLOW_MS = 30_000;

const browser = await chromium.launch(chromiumLaunchOptions);
await mkdir(outDir, { recursive: true });
const written: string[] = [];

/** Calls the API as the app does: with the session cookie and the csrf_token cookie echoed. */
async function api(context: BrowserContext, method: string, url: string, data?: object) {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrf_token');
  const response = await context.request.fetch(baseUrl + url, {
    method,
    data,
    headers: { 'x-csrf-token': csrf?.value ?? '' },
  });
  if (!response.ok()) {
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as Record<string, unknown>;
}

// One fresh account for the whole run; every context below starts signed in as it.
const setup = await browser.newContext();
await setup.request.get(`${baseUrl}/api/health`);
const suffix = randomBytes(4).toString('hex');
await api(setup, 'POST', '/api/auth/register', {
  email: `screenshots-${suffix}@example.com`,
  password: `pw-${suffix}-secret`,
  name: 'Ada Lovelace',
});
const storageState = await setup.storageState();

/** Runs `shoot` once per theme and device, each in a new signed-in context. */
async function eachLook(
  shoot: (page: Page, shot: (name: string) => Promise<void>, device: Device) => Promise<void>,
) {
  for (const theme of themes) {
    for (const device of Object.keys(viewports) as Device[]) {
      const context = await browser.newContext({
        viewport: viewports[device],
        deviceScaleFactor: 1,
        storageState,
      });
      await context.addInitScript((value: Theme) => localStorage.setItem('theme', value), theme);
      const page = await context.newPage();
      page.setDefaultTimeout(SLOW_MS);
      const shot = async (name: string) => {
        const file = path.join(outDir, `${name}-${theme}-${device}.png`);
        await page.screenshot({ path: file, animations: 'disabled' });
        written.push(file);
      };
      await shoot(page, shot, device);
      await context.close();
    }
  }
}

const waitForEditor = async (page: Page) => {
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: SLOW_MS });
  // Let Monaco lay out its lines and minimap before the picture.
  await page.waitForTimeout(300);
};
/** On a phone the projects start below the fold: bring the toolbar up under the sticky header. */
const scrollToProjects = async (page: Page, device: Device) => {
  if (device !== 'phone') return;
  await page
    .getByRole('button', { name: 'New Project' })
    .evaluate((button) => window.scrollTo(0, button.getBoundingClientRect().top + scrollY - 80));
  // The project list is windowed: let it render the rows now on screen.
  await page.waitForTimeout(100);
};
const visibleToast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first();

// Before any project exists: the empty dashboard, and the skeletons while the list loads.
await eachLook(async (page, shot, device) => {
  await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
  await scrollToProjects(page, device);
  await shot('dashboard-empty');

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/projects',
    async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.fallback();
    },
  );
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('project-skeleton').nth(5).waitFor();
  await scrollToProjects(page, device);
  await shot('dashboard-loading');
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

// Three projects from templates, one starred (the Free plan allows three).
const projects = {
  site: await api(setup, 'POST', '/api/projects', {
    name: 'Portfolio site',
    templateId: 'html-css',
    language: 'html',
    description: 'A one-page portfolio with a project gallery and a contact form.',
  }),
  api: await api(setup, 'POST', '/api/projects', {
    name: 'Todo API',
    templateId: 'nodejs-express',
    language: 'javascript',
    description: 'A JSON API for todos on Express, with validation and tests.',
  }),
  flask: await api(setup, 'POST', '/api/projects', {
    name: 'Recipe book',
    templateId: 'python-flask',
    language: 'python',
    description: 'A Flask web app for saving and searching family recipes.',
  }),
};
await api(setup, 'PATCH', `/api/projects/${String(projects.site.id)}`, { starred: true });
await setup.close();
const siteUrl = `${baseUrl}/editor/${String(projects.site.id)}`;
const apiUrl = `${baseUrl}/editor/${String(projects.api.id)}`;

// The dashboard with projects, and the create-project dialog over it.
await eachLook(async (page, shot, device) => {
  await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'networkidle' });
  await page.getByTestId('project-card').nth(2).waitFor();
  await scrollToProjects(page, device);
  await shot('dashboard-grid');
  await page.getByRole('button', { name: 'List view' }).click();
  await page.waitForURL(/view=list/);
  await scrollToProjects(page, device);
  await shot('dashboard-list');

  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByTestId('create-project-dialog');
  await dialog.getByRole('heading', { name: /what do you want to make/ }).waitFor();
  await shot('create-start');
  // A server without an AI provider says so and offers no planning chat to shoot.
  if (await dialog.getByText('AI is not set up on this server.').isVisible()) {
    await page.keyboard.press('Escape');
    return;
  }
  await dialog
    .getByLabel('Describe what you want to make')
    .fill('A recipe book where my family can save recipes, tag them and plan the weekly shop.');
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  await dialog.getByRole('heading', { name: 'Project Planning' }).waitFor();
  // The provider cannot be reached from this machine: the chat answers with its error toast.
  await visibleToast(page, 'Chat error').waitFor();
  await shot('create-chat');
});

// The editor: the HTML project with its preview, the Node project after a run, the dialogs
// (desktop) and each pane of the phone layout.
await eachLook(async (page, shot, device) => {
  const tabs = page.getByRole('tablist', { name: 'Workspace panes' });
  const paneTab = (name: string) => tabs.getByRole('tab', { name, exact: true });

  await page.goto(siteUrl, { waitUntil: 'networkidle' });
  await waitForEditor(page);
  const preview = page.locator('iframe[title="Preview of index.html"]');
  if (device === 'desktop') {
    await preview.contentFrame().getByRole('heading', { level: 1 }).waitFor();
    await shot('editor-preview');
  } else {
    await shot('editor-phone-code');
    await paneTab('Files').click();
    await page.getByRole('tree', { name: 'Project files' }).waitFor();
    await shot('editor-phone-files');
    await paneTab('Preview & AI').click();
    await preview.contentFrame().getByRole('heading', { level: 1 }).waitFor();
    await shot('editor-phone-preview');
    await page.getByRole('tab', { name: 'AI Chat', exact: true }).click();
    await shot('editor-phone-chat');
    await paneTab('Code').click();
  }

  await page.goto(apiUrl, { waitUntil: 'networkidle' });
  if (device === 'phone') await paneTab('Files').click();
  await page.getByRole('treeitem', { name: 'index.js', exact: true }).click();
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('index.js').waitFor();
  await waitForEditor(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page
    .getByTestId('run')
    .first()
    .getByText(/Exited with code/)
    .waitFor();
  await shot('editor-terminal');
  if (device === 'phone') return;

  const editorText = page.locator('.monaco-editor .view-lines').first();
  const closeDialog = async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  };

  await editorText.click();
  await page.keyboard.press('Control+p');
  await page.getByRole('dialog', { name: 'Go to file' }).getByLabel('File name or path').fill('js');
  await shot('dialog-quick-open');
  await closeDialog();

  await page.keyboard.press('Control+Shift+f');
  const search = page.getByRole('dialog', { name: 'Search in files' });
  await search.getByLabel('Search text').fill('express');
  await page.keyboard.press('Enter');
  await search
    .getByRole('button', { name: /^Line \d+: / })
    .first()
    .waitFor();
  await shot('dialog-search');
  await closeDialog();

  await editorText.click();
  await page.keyboard.press('Control+g');
  await page.getByRole('dialog', { name: 'Go to line' }).getByLabel('Line number').fill('12');
  await shot('dialog-go-to-line');
  await closeDialog();

  await editorText.click();
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await shot('dialog-shortcuts');
  await closeDialog();

  await page.getByRole('button', { name: 'New File' }).click();
  await page.getByRole('dialog').getByLabel('Name').waitFor();
  await shot('dialog-create-file');
  await closeDialog();

  const row = page.locator('[role="treeitem"][data-path="app.js"]');
  await row.hover();
  await page.getByRole('button', { name: 'Rename app.js' }).click();
  await page.getByRole('dialog').getByLabel('New name').waitFor();
  await shot('dialog-rename');
  await closeDialog();

  await row.hover();
  await page.getByRole('button', { name: 'Delete app.js' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).waitFor();
  await shot('dialog-delete');
  await closeDialog();
});

// Checkout for Pro (without Stripe settings it says payments are unavailable), and the admin
// portal's three tabs when this account is the instance's first, hence an administrator.
const isAdmin = await (async () => {
  const context = await browser.newContext({ storageState });
  const me = await api(context, 'GET', '/api/auth/me');
  await context.close();
  return (me.user as { isAdmin?: boolean } | undefined)?.isAdmin === true;
})();
await eachLook(async (page, shot) => {
  await page.goto(`${baseUrl}/subscribe?plan=pro`);
  await page.getByText('Plan Details').waitFor();
  await page.waitForTimeout(300);
  await shot('subscribe-pro');
  if (!isAdmin) return;
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
  await page.getByText('Total Users').waitFor();
  await shot('admin-dashboard');
  for (const tab of ['Users', 'Subscriptions']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(300);
    await shot(`admin-${tab.toLowerCase()}`);
  }
});
if (!isAdmin) console.log('not an administrator here: the admin portal was not shot');

await browser.close();
console.log(`${written.length} screenshots written to ${outDir}`);
