import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  forwardTo,
  redirect,
  startRecordingServer,
  type RecordingServer,
} from '../server/src/test/recording-server';
import { createProject, editorReady, expect, test, toast } from './fixtures';
import { cloneGitRepo, createGitRepo, gitHostUrl } from './support/git-host';
import { skipWithout } from './support/system-programs';

skipWithout('git');

/**
 * A Git host on this machine (allowed: the suite's server runs with GIT_PRIVATE_HOSTS=127.0.0.1)
 * that sends `/away/…` to another host (this machine by the name localhost) and `/moved/…` to
 * its own `/team/…`, and passes everything else to the suite's Git host. The other host writes
 * down every request it gets and would pass it on too, so a redirect followed would import.
 */
test.describe('importing from a Git host that redirects', () => {
  test.describe.configure({ timeout: 240_000 });
  let hop: RecordingServer;
  let elsewhere: RecordingServer;

  test.beforeAll(async () => {
    elsewhere = await startRecordingServer((request, response) =>
      forwardTo(gitHostUrl(), request, response),
    );
    hop = await startRecordingServer((request, response) => {
      const rerouted = /^\/(away|moved)\/(.*)$/.exec(request.url ?? '/');
      if (rerouted?.[1] === 'away') {
        return redirect(response, 302, `http://localhost:${elsewhere.port}/team/${rerouted[2]}`);
      }
      if (rerouted?.[1] === 'moved') return redirect(response, 301, `/team/${rerouted[2]}`);
      forwardTo(gitHostUrl(), request, response);
    });
  });
  test.afterAll(async () => {
    await Promise.all([hop?.close(), elsewhere?.close()]);
  });

  test('refuses a redirect to another host, saying where it led, and follows one within the host', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const repo = `redirected-${randomBytes(4).toString('hex')}`;
    await createGitRepo('team', repo, { isPublic: true });
    const other = await cloneGitRepo('team', repo);
    await writeFile(path.join(other.dir, 'hello.txt'), 'hello through a redirect\n');
    await other.git('add', '-A');
    await other.git('commit', '-q', '-m', 'One file');
    await other.git('push', '-q', 'origin', 'HEAD:refs/heads/main');

    const id = await createProject(page, 'blank', 'Redirected');
    await page.goto(`/editor/${id}`);
    await editorReady(page);
    await page.getByRole('button', { name: 'GitHub' }).click();
    const dialog = page.getByRole('dialog', { name: 'GitHub Integration' });
    await dialog.getByRole('tab', { name: 'Import' }).click();

    await dialog.getByLabel('Repository').fill(`${hop.origin}/away/${repo}`);
    await dialog.getByRole('button', { name: 'Import Repository' }).click();
    await dialog.getByRole('button', { name: 'Replace files' }).click();
    await expect(toast(page, 'Import failed')).toContainText(
      `redirected Kiln to http://localhost:${elsewhere.port}`,
    );
    expect(elsewhere.requests).toEqual([]);
    const untouched = await page.request.get(
      `/api/files/${id}/content?path=${encodeURIComponent('hello.txt')}`,
    );
    expect(untouched.status()).toBe(404);

    await dialog.getByLabel('Repository').fill(`${hop.origin}/moved/${repo}`);
    await dialog.getByRole('button', { name: 'Import Repository' }).click();
    await dialog.getByRole('button', { name: 'Replace files' }).click();
    await expect(toast(page, 'Repository imported')).toBeVisible();
    await expect(dialog.getByTestId('sync-status')).toHaveText('In Sync');
    const imported = await page.request.get(
      `/api/files/${id}/content?path=${encodeURIComponent('hello.txt')}`,
    );
    expect(((await imported.json()) as { content: string }).content).toBe(
      'hello through a redirect\n',
    );
    expect(elsewhere.requests).toEqual([]);
  });
});
