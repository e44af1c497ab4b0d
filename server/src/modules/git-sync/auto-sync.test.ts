import type { GitDiffStatus, GitSyncHistoryEntry } from '@kiln/shared';
import { stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { startGitServer, type GitServer, LOCAL_GIT_HOSTS } from '../../test/git-server';
import { connectedOwner, expectOk, projectFiles } from '../../test/git-sync';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('git sync: auto-sync', needs('git'), () => {
  let t: TestApp;
  let server: GitServer;
  beforeAll(async () => {
    [t, server] = await Promise.all([createTestApp(LOCAL_GIT_HOSTS), startGitServer()]);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  let repoCount = 0;
  async function autoSyncedProject(files: Record<string, string>) {
    const owner = await connectedOwner(t, server);
    repoCount += 1;
    const repo = `auto-${repoCount}`;
    await server.createRepo('team', repo);
    const project = await owner.createProject(files);
    expectOk(
      await owner.client.post('/api/github/link', { projectId: project.id, owner: 'team', repo }),
    );
    expectOk(await owner.client.post('/api/github/push', { projectId: project.id }));
    expectOk(
      await owner.client.patch(`/api/github/settings/${project.id}`, {
        autoSyncEnabled: true,
        syncInterval: 10_000,
      }),
    );
    const save = async (path: string, content: string) => {
      const file = expectOk<{ id: string; path: string }[]>(
        await owner.client.get(`/api/files/${project.id}`),
      ).find((candidate) => candidate.path === path)!;
      expectOk(await owner.client.patch(`/api/files/${file.id}`, { content }));
    };
    return {
      ...owner,
      project,
      repo,
      save,
      remoteHead: async () => (await server.bareGit('team', repo, ['rev-parse', 'main'])).trim(),
      history: async () =>
        expectOk<GitSyncHistoryEntry[]>(
          await owner.client.get(`/api/github/sync-history/${project.id}`),
        ),
    };
  }

  it('pushes 5 s after the last of several saves, in one commit', async () => {
    const p = await autoSyncedProject({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const before = await p.remoteHead();
    await p.save('a.txt', 'a, saved once\n');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const lastSave = Date.now();
    await p.save('b.txt', 'b, saved later\n');
    await t.settled();
    expect(await p.remoteHead()).toBe(before);

    const after = await waitFor(p.remoteHead, (head) => head !== before);
    expect(Date.now() - lastSave).toBeGreaterThanOrEqual(4_900);
    const log = await server.bareGit('team', p.repo, ['log', '--format=%P %s', 'main']);
    expect(log.trim().split('\n')[0]).toBe(`${before} Update from Kiln`);
    expect(
      (await server.bareGit('team', p.repo, ['show', `${after}:a.txt`, `${after}:b.txt`])).split(
        '\n',
      ),
    ).toEqual(['a, saved once', 'b, saved later', '']);
    expect((await p.history())[0]).toMatchObject({
      operation: 'push',
      status: 'success',
      message: 'Update from Kiln',
      files_changed: ['a.txt', 'b.txt'],
      commit_sha: after,
    });
  });

  it('records a failed automatic push in the history and leaves the files as they are', async () => {
    const p = await autoSyncedProject({ 'a.txt': 'a\n' });
    const other = await server.clone('team', p.repo);
    await other.write('remote.txt', 'remote\n');
    const remote = await other.commitAndPush('Moved on');
    await p.save('a.txt', 'a, local\n');
    const [failure] = await waitFor(p.history, (history) => history[0]?.status === 'error');
    expect(failure).toMatchObject({ operation: 'push', status: 'error' });
    expect(failure!.message).toMatch(/Pull first/);
    expect(await p.remoteHead()).toBe(remote);
    expect((await projectFiles(p.client, p.project.id))['a.txt']).toBe('a, local\n');
  });

  it('fast-forwards at the sync interval when nothing changed here, and never merges by itself', async () => {
    const p = await autoSyncedProject({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    // The embedded queue keeps its schedules in a table; on Redis they are BullMQ's own.
    if (t.app.jobs.backend === 'database') {
      const [schedule] = await queryRows<{ interval_ms: number }>(
        t.database.db,
        sql`select interval_ms from job_schedules where name = 'git-sync.tick'`,
      );
      expect(schedule?.interval_ms).toBe(10_000);
    }

    const other = await server.clone('team', p.repo);
    await other.write('a.txt', 'a from elsewhere\n');
    const first = await other.commitAndPush('Remote edit');
    // The interval has not passed since the push: nothing is fetched yet.
    await t.app.gitSync.tick();
    expect((await projectFiles(p.client, p.project.id))['a.txt']).toBe('a\n');

    const due = sql`update git_sync_states set last_fetched_at = now() - interval '1 minute'
                    where project_id = ${p.project.id}`;
    await t.database.db.execute(due);
    await t.app.gitSync.tick();
    expect(await projectFiles(p.client, p.project.id)).toEqual({
      'a.txt': 'a from elsewhere\n',
      'b.txt': 'b\n',
    });
    expect((await p.history())[0]).toMatchObject({
      operation: 'pull',
      status: 'success',
      files_changed: ['a.txt'],
      commit_sha: first,
    });

    // Changed here and there: the tick leaves it for a person to pull.
    await other.write('b.txt', 'b from elsewhere\n');
    await other.commitAndPush('Second remote edit');
    await t.database.db.execute(
      sql`update projects set auto_sync_enabled = false where id = ${p.project.id}`,
    );
    await p.save('a.txt', 'a, edited here\n');
    await t.database.db.execute(
      sql`update projects set auto_sync_enabled = true where id = ${p.project.id}`,
    );
    await t.database.db.execute(due);
    await t.app.gitSync.tick();
    expect(await projectFiles(p.client, p.project.id)).toEqual({
      'a.txt': 'a, edited here\n',
      'b.txt': 'b\n',
    });
    expect(
      expectOk<GitDiffStatus>(await p.client.get(`/api/github/diff/${p.project.id}`)),
    ).toMatchObject({ status: 'diverged', comparison: { behindBy: 1, aheadBy: 1 } });
  });
  it('removes the repositories of deleted projects, keeping those still linked', async () => {
    const kept = await autoSyncedProject({ 'a.txt': 'a\n' });
    const gone = await autoSyncedProject({ 'b.txt': 'b\n' });
    expectOk(await gone.client.delete(`/api/projects/${gone.project.id}`));
    const folder = (id: string) => path.join(t.dataDir, 'git', id);
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const id of [kept.project.id, gone.project.id]) {
      await utimes(folder(id), hoursAgo, hoursAgo);
    }
    expect(await t.app.gitSync.removeOrphans()).toBe(1);
    await expect(stat(folder(gone.project.id))).rejects.toThrow();
    expect((await stat(folder(kept.project.id))).isDirectory()).toBe(true);
  });
});
