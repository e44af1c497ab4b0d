import type { GitDiffStatus } from '@kiln/shared';
import { stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { queryRows } from '../../db/client';
import { expectOk, gitSyncSetup, linkedProject, projectFiles } from '../../test/git-sync';

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
  const git = gitSyncSetup();
  async function autoSyncedProject(files: Record<string, string>) {
    const p = await linkedProject(git.t, git.server, files, { repoPrefix: 'auto' });
    expectOk(
      await p.client.patch(`/api/github/settings/${p.project.id}`, {
        autoSyncEnabled: true,
        syncInterval: 10_000,
      }),
    );
    return p;
  }

  it('pushes 5 s after the last of several saves, in one commit', async () => {
    const p = await autoSyncedProject({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const before = await p.remoteHead();
    await p.save('a.txt', 'a, saved once\n');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const lastSave = Date.now();
    await p.save('b.txt', 'b, saved later\n');
    await git.t.settled();
    expect(await p.remoteHead()).toBe(before);

    const after = await waitFor(p.remoteHead, (head) => head !== before);
    expect(Date.now() - lastSave).toBeGreaterThanOrEqual(4_900);
    // Compared whole, so a failure shows every commit and history entry involved.
    const log = await git.server.bareGit('team', p.repo, ['log', '--format=%H %P %s', 'main']);
    // The remote moves before the push's history entry is written.
    const history = await waitFor(p.history, (entries) => entries[0]?.commit_sha === after);
    expect({ commits: log.trim().split('\n').slice(0, 2), history: history.slice(0, 1) }).toEqual({
      commits: [
        `${after} ${before} Update from Kiln`,
        expect.stringMatching(new RegExp(`^${before} `)),
      ],
      history: [
        expect.objectContaining({
          operation: 'push',
          status: 'success',
          message: 'Update from Kiln',
          files_changed: ['a.txt', 'b.txt'],
          commit_sha: after,
        }),
      ],
    });
    expect(
      (
        await git.server.bareGit('team', p.repo, ['show', `${after}:a.txt`, `${after}:b.txt`])
      ).split('\n'),
    ).toEqual(['a, saved once', 'b, saved later', '']);
  });

  it('pushes the saves of a project that turned auto sync on just after saving, at the next tick', async () => {
    const p = await linkedProject(git.t, git.server, { 'a.txt': 'a\n' }, { repoPrefix: 'auto' });
    const before = await p.remoteHead();
    // Saved while auto sync is off: the server takes the project to be without it for a while.
    await p.save('a.txt', 'a, saved before turning it on\n');
    expectOk(
      await p.client.patch(`/api/github/settings/${p.project.id}`, {
        autoSyncEnabled: true,
        syncInterval: 10_000,
      }),
    );
    await p.save('a.txt', 'a, saved after\n');
    await git.t.settled();
    // The tick pushes what changed once the push delay has passed since the last save.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    await git.t.app.gitSync.tick();
    const after = await waitFor(p.remoteHead, (head) => head !== before);
    expect(await git.server.bareGit('team', p.repo, ['show', `${after}:a.txt`])).toBe(
      'a, saved after\n',
    );
  });

  it('records a failed automatic push in the history and leaves the files as they are', async () => {
    const p = await autoSyncedProject({ 'a.txt': 'a\n' });
    const other = await git.server.clone('team', p.repo);
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
    if (git.t.app.jobs.backend === 'database') {
      const [schedule] = await queryRows<{ interval_ms: number }>(
        git.t.database.db,
        sql`select interval_ms from job_schedules where name = 'git-sync.tick'`,
      );
      expect(schedule?.interval_ms).toBe(10_000);
    }

    const other = await git.server.clone('team', p.repo);
    await other.write('a.txt', 'a from elsewhere\n');
    const first = await other.commitAndPush('Remote edit');
    // Not due yet (the scheduled round may run any time; it must not fetch either).
    await git.t.database.db.execute(
      sql`update git_sync_states set last_fetched_at = now() + interval '1 hour'
          where project_id = ${p.project.id}`,
    );
    await git.t.app.gitSync.tick();
    expect((await projectFiles(p.client, p.project.id))['a.txt']).toBe('a\n');

    const due = sql`update git_sync_states set last_fetched_at = now() - interval '1 minute'
                    where project_id = ${p.project.id}`;
    await git.t.database.db.execute(due);
    await git.t.app.gitSync.tick();
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
    await git.t.database.db.execute(
      sql`update projects set auto_sync_enabled = false where id = ${p.project.id}`,
    );
    await p.save('a.txt', 'a, edited here\n');
    await git.t.database.db.execute(
      sql`update projects set auto_sync_enabled = true where id = ${p.project.id}`,
    );
    await git.t.database.db.execute(due);
    await git.t.app.gitSync.tick();
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
    const folder = (id: string) => path.join(git.t.dataDir, 'git', id);
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const id of [kept.project.id, gone.project.id]) {
      await utimes(folder(id), hoursAgo, hoursAgo);
    }
    expect(await git.t.app.gitSync.removeOrphans()).toBe(1);
    await expect(stat(folder(gone.project.id))).rejects.toThrow();
    expect((await stat(folder(kept.project.id))).isDirectory()).toBe(true);
  });
});
