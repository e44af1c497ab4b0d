import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expect, test, toast } from './fixtures';

async function createFromQuickStart(page: Page, quickStart: string) {
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByTestId('create-project-dialog');
  await dialog.getByRole('button', { name: quickStart }).click();
}

test.describe('dashboard', () => {
  test('empty state, then create from a template, search, star, list view, sort, delete', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
    await expect(page.getByText('Free Plan')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');

    // A quick start with no prompt creates the project straight from its template.
    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    await page
      .getByTestId('create-project-dialog')
      .getByRole('button', { name: 'Data app' })
      .click();
    await expect(toast(page, 'Project created')).toBeVisible();
    await expect(page).toHaveURL(/\/editor\/[0-9a-f-]{36}$/);

    await page.goto('/dashboard');
    await expect(page.getByTestId('project-count')).toHaveText('1 project');
    await createFromQuickStart(page, 'Web app');
    await expect(page).toHaveURL(/\/editor\//);
    await page.goto('/dashboard');
    await expect(page.getByTestId('project-card')).toHaveCount(2);

    // Search matches name, description, language and tags, without regard to case.
    await page.getByLabel('Search projects').fill('TYPESCRIPT');
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await expect(page.getByTestId('project-card')).toContainText('web-app');
    await page.getByLabel('Search projects').fill('nothing like this');
    await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByTestId('project-card')).toHaveCount(2);

    // Star, then filter to starred; the state survives a reload.
    await page.getByRole('button', { name: 'Star web-app' }).click();
    await expect(page.getByRole('button', { name: 'Unstar web-app' })).toBeVisible();
    await page.getByRole('button', { name: 'Starred' }).click();
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Starred' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await page.getByRole('button', { name: 'Starred' }).click();

    // List view and sort by name, kept across a reload.
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByLabel('Sort projects').selectOption({ label: 'Name A-Z' });
    await page.reload();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByLabel('Sort projects')).toHaveValue('name');
    await expect(page.getByTestId('project-card').first()).toContainText('data-app');

    // Delete, with confirmation.
    await page.getByRole('button', { name: 'Actions for data-app' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete Project' }).click();
    await expect(toast(page, 'Project deleted')).toBeVisible();
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await expect(page.getByTestId('project-count')).toHaveText('1 project');
  });

  test('a zip becomes a project named after it', async ({ page, signedIn }) => {
    void signedIn;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-zip-'));
    const zipPath = path.join(dir, 'My Site.zip');
    await writeFile(
      zipPath,
      zipSync({
        'my-site/index.html': strToU8('<h1>Hello</h1>'),
        'my-site/style.css': strToU8('h1 { color: tomato }'),
      }),
    );
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByTestId('create-project-dialog');
    await dialog.getByTestId('attachment-input').setInputFiles(zipPath);
    await expect(toast(page, 'Successfully uploaded 1 file(s)')).toBeVisible();
    await expect(dialog.getByText(/My Site\.zip/)).toBeVisible();
    await expect(dialog.getByText(/2 files/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Start chat' }).click();
    // The planning chat answers (the e2e server's model is a local stand-in).
    await expect(dialog.getByText(/This is the model stand-in/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/editor\//);
    await page.goto('/dashboard?q=my-site');
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await expect(page.getByTestId('project-card')).toContainText('Imported from My Site.zip');
  });

  test('the fourth project on the Free plan shows the upgrade message', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/dashboard');
    // Blank quick starts with no description create the project and open the editor.
    for (const [index, quickStart] of ['General', '3D Game', 'Agents & Automations'].entries()) {
      await createFromQuickStart(page, quickStart);
      await expect(page).toHaveURL(/\/editor\//);
      await page.goto('/dashboard');
      await expect(page.getByTestId('project-count')).toHaveText(
        `${index + 1} project${index === 0 ? '' : 's'}`,
      );
    }
    await createFromQuickStart(page, 'Data app');
    await expect(toast(page, /Upgrade to Pro/)).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('project-count')).toHaveText('3 projects');
  });

  test('user management lists users, marks you, and logs out', async ({ page, signedIn }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'User management' }).click();
    const dialog = page.getByRole('dialog');
    const me = dialog.getByTestId('user-row').filter({ hasText: signedIn.email });
    await expect(me).toContainText('(You)');
    await expect(me).toContainText('Joined');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'Logged out')).toBeVisible();
  });
});
