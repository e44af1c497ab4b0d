import type { GitDiffStatus, GitPullResult, GitResolveResult } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { expectError } from '../../test/assertions';
import { connectedOwner, expectOk, gitSyncSetup, linkedProject } from '../../test/git-sync';

describe('git sync: conflicts and their resolution', needs('git'), () => {
  const git = gitSyncSetup();
  const syncedProject = async (files: Record<string, string>) => {
    const p = await linkedProject(git.t, git.server, files, { repoPrefix: 'conflicts' });
    return {
      ...p,
      resolve: (resolutions: unknown[]) =>
        p.client.post('/api/github/resolve-conflicts', { projectId: p.project.id, resolutions }),
    };
  };

  it('turns a file changed on both sides into a conflict, resolved, committed as a merge and pushed', async () => {
    const p = await syncedProject({ 'a.txt': 'base a\n', 'b.txt': 'base b\n' });
    const other = await p.clone();
    await other.write('a.txt', 'a from the clone\n');
    await other.write('b.txt', 'b from the clone\n');
    const theirs = await other.commitAndPush('Clone edits a and b');
    await p.save('a.txt', 'a from Kiln\n');
    await p.client.post('/api/files', { projectId: p.project.id, path: 'c.txt', content: 'c\n' });

    const pulled = await p.pulled();
    expect(pulled).toMatchObject({ conflicts: 1, created: 0, updated: 1, deleted: 0 });
    expect(pulled.conflictedFiles).toEqual([
      {
        path: 'a.txt',
        localContent: 'a from Kiln\n',
        remoteContent: 'a from the clone\n',
        binary: false,
      },
    ]);
    // The change that did not conflict is in already; the conflicted file keeps Kiln's text.
    expect(await p.files()).toEqual({
      'a.txt': 'a from Kiln\n',
      'b.txt': 'b from the clone\n',
      'c.txt': 'c\n',
    });
    expect(await p.diff()).toMatchObject({ status: 'conflicts', conflictedPaths: ['a.txt'] });
    expect(
      expectError(
        await p.client.post('/api/github/push', { projectId: p.project.id }),
        409,
        'CONFLICT',
      ),
    ).toMatch(/resolve them/);

    // Pulling again shows the same conflict, and nothing else changes.
    expect((await p.pulled()).conflictedFiles.map((conflict) => conflict.path)).toEqual(['a.txt']);

    const resolved = expectOk<GitResolveResult>(
      await p.resolve([{ path: 'a.txt', content: 'a merged by hand\n' }]),
    );
    expect(resolved.resolved).toBe(1);
    await other.git(['pull', '-q']);
    expect((await other.read('a.txt')).toString()).toBe('a merged by hand\n');
    expect((await other.read('c.txt')).toString()).toBe('c\n');
    const parents = (await other.git(['log', '-1', '--format=%P'])).trim().split(' ');
    expect(parents).toHaveLength(2);
    expect(parents).toContain(theirs);
    expect((await other.git(['rev-parse', 'HEAD'])).trim()).toBe(resolved.commitSha);
    expect(await p.diff()).toMatchObject({
      status: 'in-sync',
      comparison: { behindBy: 0, aheadBy: 0 },
    });

    const history = await p.history();
    expect(history.map((entry) => [entry.operation, entry.status])).toEqual([
      ['resolve-conflict', 'success'],
      ['pull', 'conflict'],
      ['push', 'error'],
      ['pull', 'conflict'],
      ['push', 'success'],
    ]);
    expect(history[0]).toMatchObject({ files_changed: ['a.txt'], commit_sha: resolved.commitSha });
  });

  it('checks the resolutions whole before writing anything', async () => {
    const p = await syncedProject({ 'one.txt': '1\n', 'two.txt': '2\n' });
    expect(
      expectError(await p.resolve([{ path: 'one.txt', content: 'x' }]), 400, 'VALIDATION_FAILED'),
    ).toMatch(/no conflicts/);
    const other = await p.clone();
    await other.write('one.txt', '1 remote\n');
    await other.write('two.txt', '2 remote\n');
    await other.commitAndPush('Both files');
    await p.save('one.txt', '1 local\n');
    await p.save('two.txt', '2 local\n');
    expect((await p.pulled()).conflicts).toBe(2);

    expect(
      expectError(await p.resolve([{ path: 'one.txt', side: 'remote' }]), 400, 'VALIDATION_FAILED'),
    ).toMatch(/^Incomplete: Please resolve all 2 conflict\(s\)/);
    expect(
      expectError(
        await p.resolve([
          { path: 'one.txt', side: 'remote' },
          { path: 'two.txt', side: 'local' },
          { path: 'three.txt', content: '3' },
        ]),
        400,
        'VALIDATION_FAILED',
      ),
    ).toMatch(/three\.txt/);
    expectError(await p.resolve([{ path: 'one.txt' }]), 400, 'VALIDATION_FAILED');
    expect(await p.files()).toEqual({ 'one.txt': '1 local\n', 'two.txt': '2 local\n' });

    expectOk(
      await p.resolve([
        { path: 'one.txt', side: 'remote' },
        { path: 'two.txt', side: 'local' },
      ]),
    );
    expect(await p.files()).toEqual({ 'one.txt': '1 remote\n', 'two.txt': '2 local\n' });
    await other.git(['pull', '-q']);
    expect((await other.read('two.txt')).toString()).toBe('2 local\n');
  });

  it('handles a deletion against a change, binary conflicts, and remote commits that arrive while conflicts wait', async () => {
    const png = (byte: number) =>
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, byte]);
    const p = await syncedProject({ 'keep.txt': 'keep\n', 'doomed.txt': 'doomed\n' });
    const other = await p.clone();
    await other.write('logo.png', png(1));
    await other.commitAndPush('Add a logo');
    await p.pulled();
    expect((await p.files())['logo.png']).toBe(`base64:${png(1).toString('base64')}`);

    await other.git(['pull', '-q']);
    await other.write('doomed.txt', 'doomed, but edited remotely\n');
    await other.write('logo.png', png(2));
    await other.commitAndPush('Edit the doomed file and the logo');
    await p.remove('doomed.txt');
    const upload = await git.t.app.inject({
      method: 'POST',
      url: `/api/files/upload/${p.project.id}`,
      headers: {
        cookie: [...p.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrf-token': p.client.cookies.get('csrf_token') ?? '',
        'content-type': 'multipart/form-data; boundary=kilnboundary',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--kilnboundary\r\ncontent-disposition: form-data; name="files"; filename="logo.png"\r\ncontent-type: image/png\r\n\r\n',
        ),
        png(3),
        Buffer.from('\r\n--kilnboundary--\r\n'),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const pulled = await p.pulled();
    expect(pulled.conflictedFiles).toEqual([
      {
        path: 'doomed.txt',
        localContent: null,
        remoteContent: 'doomed, but edited remotely\n',
        binary: false,
      },
      { path: 'logo.png', localContent: null, remoteContent: null, binary: true },
    ]);

    // A commit arrives while the conflicts wait: the next pull merges it, the conflicts stay.
    await other.write('keep.txt', 'keep, edited again remotely\n');
    await other.commitAndPush('Another remote change');
    const again = await p.pulled();
    expect(again).toMatchObject({ conflicts: 2, updated: 1 });
    expect((await p.files())['keep.txt']).toBe('keep, edited again remotely\n');

    expectOk(
      await p.resolve([
        { path: 'doomed.txt', content: null },
        { path: 'logo.png', side: 'local' },
      ]),
    );
    await other.git(['pull', '-q']);
    expect((await other.read('logo.png')).equals(png(3))).toBe(true);
    await expect(other.read('doomed.txt')).rejects.toThrow();
    expect(await p.diff()).toMatchObject({ status: 'in-sync' });
  });

  it('merges a project linked to a repository it never synced with, as unrelated histories', async () => {
    const owner = await connectedOwner(git.t, git.server);
    await git.server.createRepo('team', 'existing');
    const seed = await git.server.clone('team', 'existing');
    await seed.write('README.md', '# Existing\n');
    await seed.write('app.js', 'remote app\n');
    await seed.write('same.txt', 'same\n');
    await seed.commitAndPush('Initial commit');
    const project = await owner.createProject({ 'app.js': 'kiln app\n', 'same.txt': 'same\n' });
    expectOk(
      await owner.client.post('/api/github/link', {
        projectId: project.id,
        owner: 'team',
        repo: 'existing',
      }),
    );
    expect(
      expectOk<GitDiffStatus>(await owner.client.get(`/api/github/diff/${project.id}`)),
    ).toMatchObject({ status: 'diverged', comparison: { behindBy: 1, aheadBy: 2 } });
    expectError(
      await owner.client.post('/api/github/push', { projectId: project.id }),
      409,
      'CONFLICT',
    );
    const pulled = expectOk<GitPullResult>(
      await owner.client.post('/api/github/pull', { projectId: project.id }),
    );
    expect(pulled).toMatchObject({ conflicts: 1, created: 1 });
    expect(pulled.conflictedFiles[0]).toMatchObject({
      path: 'app.js',
      remoteContent: 'remote app\n',
    });
    expectOk(
      await owner.client.post('/api/github/resolve-conflicts', {
        projectId: project.id,
        resolutions: [{ path: 'app.js', side: 'local' }],
      }),
    );
    await seed.git(['pull', '-q']);
    expect((await seed.read('app.js')).toString()).toBe('kiln app\n');
    expect((await seed.read('README.md')).toString()).toBe('# Existing\n');
    expect((await seed.git(['log', '-1', '--format=%P'])).trim().split(' ')).toHaveLength(2);
  });
});
