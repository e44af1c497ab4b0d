import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { addFile, createProject, editorReady, expect, test, toast } from './fixtures';
import {
  E2E_GIT_TOKEN,
  E2E_GIT_USER,
  cloneGitRepo,
  createGitRepo,
  gitHostUrl,
  type Clone,
} from './support/git-host';
import { skipWithout } from './support/system-programs';

skipWithout('git');

/** A file's text as the server has it. */
async function savedContent(page: Page, projectId: string, filePath: string) {
  const response = await page.request.get(
    `/api/files/${projectId}/content?path=${encodeURIComponent(filePath)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: string | null }).content;
}

/** Opens a file from the tree, replaces its text by typing, and saves it. */
async function editFile(page: Page, name: string, text: string) {
  await page.getByRole('treeitem', { name, exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(name);
  await editorReady(page);
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('save-status')).toHaveText(/Saved/);
}

/** Commits everything in a working copy and pushes it to main, as another person would. */
async function commitAndPush(clone: Clone, message: string) {
  await clone.git('add', '-A');
  await clone.git('commit', '-q', '-m', message);
  await clone.git('push', '-q', 'origin', 'HEAD:refs/heads/main');
}

const write = (clone: Clone, file: string, content: string) =>
  writeFile(path.join(clone.dir, file), content);
const read = (clone: Clone, file: string) => readFile(path.join(clone.dir, file), 'utf8');

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Checks the screen as it is against WCAG 2.1 A and AA in both themes (as
 * accessibility.spec.ts does for the other screens), and answers each violation as a line.
 */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.toggle('dark', value === 'dark');
      document.documentElement.classList.toggle('light', value === 'light');
    }, theme);
    // Colours mid-transition are not what anyone reads.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    );
    const results = await page.evaluate(
      (options) =>
        (
          window as unknown as {
            axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
          }
        ).axe.run(document, options),
      AXE_OPTIONS,
    );
    for (const violation of results.violations) {
      const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
      found.push(`[${where}, ${theme}] ${violation.id}: ${violation.help} at ${targets}`);
    }
  }
  return found;
}

async function openGitHub(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub Integration' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// axe is put in the page as an inline script, which Kiln's Content-Security-Policy forbids.
test.use({ bypassCSP: true });

test.describe('Git sync', () => {
  // Monaco, a Git host and several round trips to it on a 2-core machine.
  test.describe.configure({ timeout: 240_000 });

  test('connects a host, links, pushes, pulls, and resolves conflicts through the dialogs', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const violations: string[] = [];
    const repo = `site-${randomBytes(4).toString('hex')}`;
    await createGitRepo('team', repo);

    // The Git hosts settings, from the account menu: connect the host with a token.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'User management' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Git hosts' }).click();
    await expect(page).toHaveURL(/\/settings\/git-hosts$/);
    await expect(page.getByTestId('git-connection')).toHaveText('No Git host is connected.');
    await page.getByRole('radio', { name: /Another host/ }).check();
    violations.push(...(await axeViolations(page, 'Git hosts page')));
    await page.getByLabel('Host address').fill(gitHostUrl());
    await page.getByLabel('Personal access token', { exact: true }).fill(E2E_GIT_TOKEN);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(toast(page, 'Git host connected')).toBeVisible();
    const host = new URL(gitHostUrl()).host;
    await expect(page.getByTestId('git-connection')).toContainText(
      `Connected to ${host} as ${E2E_GIT_USER}`,
    );
    // The token is never shown back, in the page or by the API.
    await expect(page.getByLabel('Personal access token', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain(E2E_GIT_TOKEN);
    expect(await (await page.request.get('/api/github/connection')).text()).not.toContain(
      E2E_GIT_TOKEN,
    );

    // A project of four files, linked to the repository picked from the host's list.
    const id = await createProject(page, 'blank', 'Synced site');
    await addFile(page, id, 'notes.txt', 'first line\n');
    await addFile(page, id, 'config.txt', 'mode=dev\n');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    let dialog = await openGitHub(page);
    for (const name of ['Sync', 'Push', 'Settings', 'History']) {
      await expect(dialog.getByRole('tab', { name })).toBeDisabled();
    }
    violations.push(...(await axeViolations(page, 'GitHub dialog, not linked')));
    await dialog.getByRole('tab', { name: 'Link' }).click();
    await dialog
      .getByRole('list', { name: 'Repositories' })
      .getByRole('button', { name: new RegExp(`team/${repo}`) })
      .click();
    await expect(dialog.getByLabel('Owner')).toHaveValue('team');
    await expect(dialog.getByLabel('Repository')).toHaveValue(repo);
    await expect(dialog.getByLabel('Branch')).toHaveValue('main');
    await dialog.getByRole('button', { name: 'Link Repository' }).click();
    await expect(toast(page, 'Repository linked')).toBeVisible();

    // The empty remote is four files behind this project: push them.
    await expect(dialog.getByRole('tab', { name: 'Sync' })).toHaveAttribute('data-state', 'active');
    await expect(dialog.getByTestId('sync-status')).toHaveText('Ahead by 4');
    await expect(dialog.getByRole('status').filter({ hasText: 'Push to send' })).toBeVisible();
    violations.push(...(await axeViolations(page, 'Sync tab, ahead')));
    await dialog.getByRole('button', { name: 'Push changes' }).click();
    const message = dialog.getByLabel('Commit message');
    await expect(message).toHaveValue('Update from Kiln');
    await message.fill('   ');
    await expect(dialog.getByRole('button', { name: 'Push to main' })).toBeDisabled();
    await message.fill('First version from Kiln');
    await dialog.getByRole('button', { name: 'Push to main' }).click();
    await expect(toast(page, 'Pushed to GitHub')).toBeVisible();
    await expect(dialog.getByTestId('sync-status')).toHaveText('In Sync');
    await expect(dialog.getByTestId('last-synced')).toContainText('Last synced');

    const other = await cloneGitRepo('team', repo);
    expect(await read(other, 'notes.txt')).toBe('first line\n');
    expect((await other.git('log', '-1', '--format=%s')).trim()).toBe('First version from Kiln');

    // Someone else adds a file: the project is behind by a commit, and a pull takes it.
    await write(other, 'remote.txt', 'from elsewhere\n');
    await commitAndPush(other, 'Add remote.txt');
    await dialog.getByRole('button', { name: 'Check the remote again' }).click();
    await expect(dialog.getByTestId('sync-status')).toHaveText('Behind by 1');
    await expect(dialog.getByRole('status').filter({ hasText: 'Pull to bring' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Pull', exact: true }).click();
    await expect(toast(page, 'Pull complete')).toContainText('1 file created.');
    await expect(dialog.getByTestId('sync-status')).toHaveText('In Sync');
    expect(await savedContent(page, id, 'remote.txt')).toBe('from elsewhere\n');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('treeitem', { name: 'remote.txt', exact: true })).toBeVisible();

    // Both sides change the same two files.
    await editFile(page, 'notes.txt', 'edited in Kiln');
    await editFile(page, 'config.txt', 'mode=kiln');
    await other.git('pull', '-q', 'origin', 'main');
    await write(other, 'notes.txt', 'edited remotely\n');
    await write(other, 'config.txt', 'mode=remote\n');
    await commitAndPush(other, 'Change notes and config');

    dialog = await openGitHub(page);
    await expect(dialog.getByTestId('sync-status')).toHaveText('Conflicts');
    await expect(dialog.getByRole('alert').filter({ hasText: 'diverged' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Pull', exact: true }).click();
    await expect(toast(page, 'Pull completed with conflicts')).toBeVisible();

    // One at a time: choosing a side resolves the conflict shown and moves to the next.
    const conflicts = page.getByRole('dialog', { name: 'Resolve Conflicts' });
    await expect(conflicts).toContainText('Conflict 1 of 2');
    await expect(conflicts).toContainText('config.txt');
    const resolvedTab = conflicts.getByRole('tab', { name: 'Resolved Version' });
    const finish = conflicts.getByRole('button', { name: 'Finish' });
    const progress = conflicts.getByTestId('conflict-progress');
    await expect(resolvedTab).toBeDisabled();
    await expect(finish).toBeDisabled();
    await expect(progress).toHaveText('Incomplete: Please resolve all 2 conflict(s)');
    await expect(conflicts.getByRole('region', { name: 'Local (this project)' })).toContainText(
      'mode=kiln',
    );
    violations.push(...(await axeViolations(page, 'conflict dialog')));
    await expect(conflicts.getByRole('region', { name: 'Remote (the branch)' })).toContainText(
      'mode=remote',
    );
    await conflicts.getByRole('button', { name: 'Use remote' }).click();

    await expect(conflicts).toContainText('Conflict 2 of 2');
    await expect(conflicts.getByRole('region', { name: 'Local (this project)' })).toContainText(
      'edited in Kiln',
    );
    await expect(resolvedTab).toBeDisabled();
    await expect(progress).toHaveText('Incomplete: Please resolve all 2 conflict(s)');
    await conflicts.getByRole('button', { name: 'Use local' }).click();
    await expect(progress).toHaveText('All 2 conflict(s) resolved');
    await expect(finish).toBeEnabled();

    // The Resolved Version of a resolved conflict can be edited to keep both sides.
    await expect(resolvedTab).toBeEnabled();
    await resolvedTab.click();
    const resolved = conflicts.getByRole('textbox', { name: /notes\.txt, from the local version/ });
    await expect(resolved).toHaveValue('edited in Kiln');
    violations.push(...(await axeViolations(page, 'resolved version')));
    await resolved.fill('edited in Kiln\nedited remotely\n');
    await finish.click();
    await expect(toast(page, 'Conflicts Resolved')).toBeVisible();
    await expect(conflicts).toBeHidden();
    await expect(dialog.getByTestId('sync-status')).toHaveText('In Sync');

    // The remote has the resolution, committed as a merge of both sides.
    await other.git('pull', '-q', 'origin', 'main');
    expect(await read(other, 'notes.txt')).toBe('edited in Kiln\nedited remotely\n');
    expect(await read(other, 'config.txt')).toBe('mode=remote\n');
    const parents = (await other.git('log', '-1', '--format=%P')).trim().split(' ');
    expect(parents).toHaveLength(2);
    expect(await savedContent(page, id, 'notes.txt')).toBe('edited in Kiln\nedited remotely\n');
    expect(await savedContent(page, id, 'config.txt')).toBe('mode=remote\n');

    // The history: newest first, short commit names, three files then '+N more'.
    const head = (await other.git('rev-parse', 'HEAD')).trim();
    await dialog.getByRole('tab', { name: 'History' }).click();
    const entries = dialog.getByTestId('history-entry');
    await expect(entries.first()).toContainText('Resolve conflicts');
    await expect(entries.first().getByTestId('commit-sha')).toHaveText(head.slice(0, 7));
    const firstPush = entries.filter({ hasText: 'First version from Kiln' });
    await expect(firstPush).toContainText('+1 more');
    violations.push(...(await axeViolations(page, 'History tab')));

    // Settings: auto-sync and its interval are kept on the project; a new branch is switched to.
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    const autoSync = dialog.getByRole('switch', { name: 'Auto-sync' });
    await expect(autoSync).not.toBeChecked();
    violations.push(...(await axeViolations(page, 'Settings tab')));
    await autoSync.click();
    await expect(toast(page, 'Settings updated')).toBeVisible();
    await expect(autoSync).toBeChecked();
    await dialog.getByLabel('Sync interval').selectOption({ label: '1 minute' });
    await expect(dialog.getByLabel('Sync interval')).toHaveValue('60000');
    const project = (await (await page.request.get(`/api/projects/${id}`)).json()) as {
      autoSyncEnabled: boolean;
      sync_interval: number;
    };
    expect(project.autoSyncEnabled).toBe(true);
    expect(project.sync_interval).toBe(60_000);
    await expect(dialog.getByLabel('Branch', { exact: true })).toHaveValue('main');
    await dialog.getByLabel('Or a new branch').fill('feature/kiln');
    await dialog.getByRole('button', { name: 'Switch to feature/kiln' }).click();
    await expect(toast(page, 'Branch switched')).toBeVisible();
    await expect(dialog).toContainText(`syncs with team/${repo}, branch feature/kiln`);

    expect(violations, violations.join('\n')).toEqual([]);
  });

  test('imports a public repository by its address without a connection', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const repo = `public-${randomBytes(4).toString('hex')}`;
    const secret = `private-${randomBytes(4).toString('hex')}`;
    await createGitRepo('team', repo, { isPublic: true });
    await createGitRepo('team', secret);
    const other = await cloneGitRepo('team', repo);
    await write(other, 'hello.txt', 'hello from git\n');
    await write(other, 'README.md', '# Public\n');
    await commitAndPush(other, 'Two files');

    const id = await createProject(page, 'blank', 'Imported');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    const dialog = await openGitHub(page);
    await dialog.getByRole('tab', { name: 'Import' }).click();
    // Without a connection the dialog says so, and where to make one.
    await expect(dialog.getByText('No Git host connected')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Connect a Git host' })).toHaveAttribute(
      'href',
      `/settings/git-hosts?returnTo=${encodeURIComponent(`/editor/${id}`)}`,
    );

    // A private repository needs a token: the import fails with the server's reason.
    await dialog.getByLabel('Repository').fill(`${gitHostUrl()}/team/${secret}`);
    await expect(dialog.getByLabel('Owner')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Import Repository' }).click();
    await dialog.getByRole('button', { name: 'Replace files' }).click();
    await expect(toast(page, 'Import failed')).toContainText('needs a token');

    // A public one imports by its address, asking first, and the project is linked to it.
    await dialog.getByLabel('Repository').fill(`${gitHostUrl()}/team/${repo}`);
    await dialog.getByRole('button', { name: 'Import Repository' }).click();
    await expect(
      dialog.getByRole('status').filter({ hasText: 'Replace this project' }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Replace files' }).click();
    await expect(toast(page, 'Repository imported')).toContainText('created');
    await expect(dialog.getByRole('tab', { name: 'Sync' })).toHaveAttribute('data-state', 'active');
    await expect(dialog.getByTestId('sync-status')).toHaveText('In Sync');
    expect(await savedContent(page, id, 'hello.txt')).toBe('hello from git\n');
    expect(await savedContent(page, id, 'README.md')).toBe('# Public\n');
    // The template's own file is gone: the files are the branch's.
    const files = (await (await page.request.get(`/api/files/${id}/entries`)).json()) as {
      path: string;
    }[];
    expect(files.map((file) => file.path).sort()).toEqual(['README.md', 'hello.txt']);
  });
});
