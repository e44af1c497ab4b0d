import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { createProject, expect, newAccount, registerViaApi, test, toast } from './fixtures';

/*
 * Every way a newcomer creates a project ends in the editor with the project's files: the full
 * template list, a zip or a folder imported without the AI, a description with no AI provider,
 * and the public /templates page, signed in or not.
 */

const fileTree = (page: Page) => page.getByRole('tree', { name: 'Project files' });
const treeItem = (page: Page, name: string) =>
  fileTree(page).getByRole('treeitem', { name, exact: true });
const dialogOf = (page: Page) => page.getByTestId('create-project-dialog');

async function openCreateDialog(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New Project' }).click();
  await expect(dialogOf(page)).toBeVisible();
  return dialogOf(page);
}

/** Holds the next POST /api/projects until `release` is called, to see the progress before it. */
async function holdProjectCreation(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await released;
    await route.fallback();
  };
  await page.route('**/api/projects', handler);
  return release;
}

test.describe('creating a project', () => {
  test('the full template list: every template shown, picked by keyboard, opens in the editor', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const dialog = await openCreateDialog(page);
    // The five quick starts are still there.
    for (const label of ['Web app', 'Data app', '3D Game', 'General', 'Agents & Automations']) {
      await expect(dialog.getByRole('button', { name: label })).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Browse all 13 templates' }).click();
    await expect(dialog.getByRole('heading', { name: 'All templates' })).toBeVisible();
    const list = dialog.getByRole('list', { name: 'Templates' });
    await expect(list.getByRole('listitem')).toHaveCount(13);
    const go = list.getByRole('button', { name: /Go Web Server/ });
    await expect(go).toContainText('go');
    await expect(go).toHaveAccessibleDescription(/HTTP server on the Go standard library/);

    // The first template has focus; End goes to the last one, Svelte; Enter picks it.
    await expect(list.getByRole('button', { name: /Blank Project/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(list.getByRole('button', { name: /HTML\/CSS Website/ })).toBeFocused();
    await page.keyboard.press('End');
    const svelte = list.getByRole('button', { name: /Svelte Application/ });
    await expect(svelte).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'svelte.config.js')).toBeVisible();
    await expect(treeItem(page, 'vite.config.js')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('project-card')).toContainText('Svelte Application');
  });

  test('a quick start with no description opens the editor too', async ({ page, signedIn }) => {
    void signedIn;
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('button', { name: 'General' }).click();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'README.md')).toBeVisible();
  });

  test('a zip imported directly, without the AI: progress and file count, then the editor', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-import-'));
    const zipPath = path.join(dir, 'My Site.zip');
    await writeFile(
      zipPath,
      zipSync({
        'my-site/index.html': strToU8('<h1>Hello</h1>'),
        'my-site/style.css': strToU8('h1 { color: tomato }'),
      }),
    );
    const aiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/chat') || request.url().includes('/generate-project')) {
        aiCalls.push(request.url());
      }
    });
    const dialog = await openCreateDialog(page);
    const release = await holdProjectCreation(page);
    await dialog.getByTestId('import-zip-input').setInputFiles(zipPath);
    await expect(dialog.getByRole('status').filter({ hasText: 'My Site.zip: 2 files' })).toHaveText(
      'My Site.zip: 2 files. Creating the project…',
    );
    // Everything else waits while the import runs.
    await expect(dialog.getByRole('button', { name: 'Import a folder' })).toBeDisabled();
    release();

    await expect(toast(page, 'Imported 2 files from My Site.zip')).toBeVisible();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'index.html')).toBeVisible();
    await expect(treeItem(page, 'style.css')).toBeVisible();
    expect(aiCalls).toEqual([]);
  });

  test('a folder imported directly: its files, without dependencies, then the editor', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-folder-'));
    const folder = path.join(root, 'Recipe Book');
    await mkdir(path.join(folder, 'src'), { recursive: true });
    await mkdir(path.join(folder, 'node_modules', 'left-pad'), { recursive: true });
    await writeFile(path.join(folder, 'index.html'), '<h1>Recipes</h1>');
    await writeFile(path.join(folder, 'src', 'app.js'), 'console.log("recipes");');
    await writeFile(path.join(folder, 'node_modules', 'left-pad', 'index.js'), 'module.exports=1');

    const dialog = await openCreateDialog(page);
    // Each upload request is held a moment, so the progress can be seen before it finishes.
    await page.route('**/api/files/upload/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fallback();
    });
    await dialog.getByTestId('import-folder-input').setInputFiles(folder);
    await expect(
      dialog.getByRole('status').filter({ hasText: 'Uploading Recipe Book' }),
    ).toContainText('Uploading Recipe Book: 0 of 2 files');
    await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();

    await expect(toast(page, 'Imported 2 files from Recipe Book')).toBeVisible();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'index.html')).toBeVisible();
    await expect(treeItem(page, 'src')).toBeVisible();
    // Only the folder's files: no blank-template README, no node_modules.
    await expect(treeItem(page, 'README.md')).toHaveCount(0);
    await expect(treeItem(page, 'node_modules')).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page.getByTestId('project-card')).toContainText('recipe-book');
  });

  test('with no AI provider the start screen says so before typing, and Create still makes the project', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.route('**/api/ai/status', (route) =>
      route.fulfill({
        json: {
          configured: false,
          defaultProvider: null,
          providers: [],
          message: 'No AI provider is configured. Set ANTHROPIC_API_KEY and restart Kiln.',
        },
      }),
    );
    const aiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai/chat') || request.url().includes('/generate-project')) {
        aiCalls.push(request.url());
      }
    });
    const dialog = await openCreateDialog(page);
    const notice = dialog.getByRole('note', { name: 'AI unavailable' });
    await expect(notice).toContainText('AI is not set up on this server');
    await notice.getByText('How to turn the AI on').click();
    await expect(notice.getByText(/ANTHROPIC_API_KEY/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Start chat' })).toHaveCount(0);

    await dialog
      .getByLabel('Describe what you want to make')
      .fill('Habit tracker with streaks and reminders');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'README.md')).toBeVisible();
    expect(aiCalls).toEqual([]);
    await page.goto('/dashboard');
    const card = page.getByTestId('project-card');
    await expect(card).toContainText('habit-tracker-with');
    await expect(card).toContainText('Habit tracker with streaks and reminders');
  });

  test('the AI chat, then Create, opens the editor', async ({ page, signedIn }) => {
    void signedIn;
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('Describe what you want to make').fill('A tiny notes page');
    await dialog.getByRole('button', { name: 'Start chat' }).click();
    await expect(dialog.getByText(/This is the model stand-in/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  });
});

test.describe('the public templates page', () => {
  test('signed in, "Use this template" creates the project and opens the editor', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/templates');
    const card = page.getByTestId('template-card').filter({ hasText: 'Go Web Server' });
    await card.getByRole('button', { name: 'Use this template: Go Web Server' }).click();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'main.go')).toBeVisible();
    await expect(treeItem(page, 'go.mod')).toBeVisible();
    // The announced template has nothing to create from.
    await page.goto('/templates');
    const soon = page.getByTestId('template-card').filter({ hasText: 'Next.js App' });
    await expect(soon.getByRole('button')).toHaveCount(0);
  });

  test('signed out, it asks to register first, then carries on to the editor', async ({ page }) => {
    await page.goto('/templates');
    const card = page.getByTestId('template-card').filter({ hasText: 'Django Web App' });
    await card.getByRole('button', { name: 'Use this template: Django Web App' }).click();
    const ask = page.getByRole('dialog', { name: 'Sign in to use Django Web App' });
    await expect(ask).toBeVisible();
    await ask.getByRole('link', { name: 'Create an account' }).click();

    const account = newAccount('template');
    await page.getByLabel('Username').fill(account.name.replace(' ', '-').toLowerCase());
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: /Create account/ }).click();

    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'manage.py')).toBeVisible();
  });

  test('signed out, signing in instead also carries on to the editor', async ({ page }) => {
    const account = newAccount('template-login');
    await registerViaApi(page, account);
    await page.context().clearCookies();
    await page.goto('/templates');
    const card = page.getByTestId('template-card').filter({ hasText: 'Python + Flask' });
    await card.getByRole('button', { name: 'Use this template: Python + Flask' }).click();
    await page
      .getByRole('dialog', { name: 'Sign in to use Python + Flask' })
      .getByRole('link', { name: 'Sign in' })
      .click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);
    await expect(treeItem(page, 'app.py')).toBeVisible();
  });
});

test.describe('on the dashboard', () => {
  test('a project is renamed from its card; a name in use gets a number', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/dashboard');
    await createProject(page, 'blank', 'Todo');
    await createProject(page, 'blank', 'Scratch');
    await page.goto('/dashboard');

    const actions = page.getByRole('button', { name: 'Actions for Scratch' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename project' });
    const input = dialog.getByLabel('Project name');
    await expect(input).toHaveValue('Scratch');
    await input.fill('   ');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Name is required');

    await input.fill('Todo');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(toast(page, 'Renamed to Todo (2)')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Todo (2)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions for Todo (2)' })).toBeFocused();

    await page.reload();
    await expect(page.getByRole('article', { name: 'Todo (2)' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Todo', exact: true })).toBeVisible();
  });

  test('the Free plan’s limit shows before the fourth attempt, with an Upgrade hint', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/dashboard');
    await createProject(page, 'blank', 'one');
    await createProject(page, 'blank', 'two');
    await page.goto('/dashboard');
    const usage = page.getByTestId('plan-usage');
    await expect(usage).toHaveText('2 of 3 projects used');
    await expect(usage.getByRole('link')).toHaveCount(0);

    await createProject(page, 'blank', 'three');
    await page.goto('/dashboard');
    await expect(usage).toContainText('3 of 3 projects used.');
    const upgrade = usage.getByRole('link', { name: 'Upgrade for unlimited projects' });
    await expect(upgrade).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('button', { name: 'New Project' })).toHaveAccessibleDescription(
      /3 of 3 projects used\. Upgrade for unlimited projects/,
    );

    // A fourth attempt is refused by the server with its upgrade message, and nothing is made.
    await page.getByRole('button', { name: 'New Project' }).click();
    await dialogOf(page).getByRole('button', { name: 'Data app' }).click();
    await expect(toast(page, /Upgrade to Pro/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('project-count')).toHaveText('3 projects');
  });

  test('Escape closes the create dialog from anywhere inside, and focus returns to its opener', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/dashboard');
    const newProject = page.getByRole('button', { name: 'New Project' });
    const dialog = dialogOf(page);
    const escapeCloses = async () => {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(newProject).toBeFocused();
    };

    // From the prompt.
    await newProject.click();
    await expect(dialog.getByLabel('Describe what you want to make')).toBeFocused();
    await escapeCloses();

    // From a quick start, whose tooltip opens on focus.
    await newProject.press('Enter');
    await dialog.getByRole('button', { name: 'Web app' }).focus();
    await escapeCloses();

    // From the template list.
    await newProject.press('Enter');
    await dialog.getByRole('button', { name: 'Browse all 13 templates' }).click();
    await expect(dialog.getByRole('button', { name: /Blank Project/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await escapeCloses();

    // From the planning chat's message box; the draft is kept for the next opening.
    await newProject.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Browse all 13 templates' })).toBeVisible();
    await dialog.getByLabel('Describe what you want to make').fill('A stopwatch');
    await dialog.getByRole('button', { name: 'Start chat' }).click();
    await expect(dialog.getByText(/This is the model stand-in/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Message' }).focus();
    await escapeCloses();
  });
});
