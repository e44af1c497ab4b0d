import type { GitDiffStatus, GitImportResult, GitPullResult, GitPushResult } from '@kiln/shared';
import { chmod, symlink, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { expectError } from '../../test/assertions';
import {
  connectedOwner,
  expectOk,
  gitSyncSetup,
  linkedProject,
  projectFiles,
} from '../../test/git-sync';

describe('git sync: link, import, push and pull against a real Git server', needs('git'), () => {
  const git = gitSyncSetup();
  const linked = async (files: Record<string, string>) => {
    const p = await linkedProject(git.t, git.server, files, {
      repoPrefix: 'repo',
      branch: 'main',
      push: false,
    });
    expect(p.linkMessage).toContain(`team/${p.repo}`);
    return p;
  };

  it('links a project and pushes its files, as `git clone` and `git log` then show', async () => {
    const p = await linked({ 'index.html': '<h1>Hi</h1>\n', 'src/app.js': 'let a = 1;\n' });
    expect((await p.diff()).status).toBe('ahead');

    const pushed = expectOk<GitPushResult>(await p.push());
    expect(pushed.filesChanged).toEqual(['index.html', 'src/app.js']);
    expect(pushed.commitSha).toMatch(/^[0-9a-f]{40}$/);

    const clone = await git.server.clone('team', p.repo);
    expect((await clone.read('index.html')).toString()).toBe('<h1>Hi</h1>\n');
    expect((await clone.read('src/app.js')).toString()).toBe('let a = 1;\n');
    const log = await clone.git(['log', '--format=%H %s']);
    expect(log.trim()).toBe(`${pushed.commitSha} Update from Kiln`);

    const status = await p.diff();
    expect(status).toMatchObject({
      status: 'in-sync',
      comparison: { behindBy: 0, aheadBy: 0 },
      syncedCommitSha: pushed.commitSha,
    });
    expect(status.lastSyncedAt).not.toBeNull();
    const project = await p.readProject();
    expect(project).toMatchObject({
      githubOwner: 'team',
      githubRepo: p.repo,
      github_owner: 'team',
      github_branch: 'main',
    });
    expect(project.last_synced_at).toBe(status.lastSyncedAt);

    const [entry] = await p.history();
    expect(entry).toMatchObject({
      operation: 'push',
      status: 'success',
      message: 'Update from Kiln',
      files_changed: ['index.html', 'src/app.js'],
      commit_sha: pushed.commitSha,
    });
  });

  it('pulls what a second clone pushed, then pushes on top of it', async () => {
    const p = await linked({ 'a.txt': 'one\n', 'b.txt': 'two\n', 'gone.txt': 'bye\n' });
    expectOk(await p.push('First'));
    const clone = await git.server.clone('team', p.repo);
    await clone.write('a.txt', 'one, changed elsewhere\n');
    await clone.write('docs/new.md', '# New\n');
    await clone.remove('gone.txt');
    await clone.commitAndPush('Change from another clone');

    expect((await p.diff()).status).toBe('behind');
    expect((await p.diff()).comparison).toEqual({ behindBy: 1, aheadBy: 0 });
    const pulled = expectOk<GitPullResult>(await p.pull());
    expect(pulled).toMatchObject({ conflicts: 0, conflictedFiles: [], created: 1, updated: 1 });
    expect(pulled.deleted).toBe(1);
    expect(await p.files()).toEqual({
      'a.txt': 'one, changed elsewhere\n',
      'b.txt': 'two\n',
      'docs/new.md': '# New\n',
    });
    expect((await p.diff()).status).toBe('in-sync');

    const file = expectOk<{ id: string; version: number }[]>(
      await p.client.get(`/api/files/${p.project.id}`),
    ).find((candidate) => 'path' in candidate && candidate.path === 'b.txt')!;
    expectOk(await p.client.patch(`/api/files/${file.id}`, { content: 'two, from Kiln\n' }));
    expect((await p.diff()).comparison).toEqual({ behindBy: 0, aheadBy: 1 });
    expectOk(await p.push('Kiln edit'));
    await clone.git(['pull', '-q']);
    expect((await clone.read('b.txt')).toString()).toBe('two, from Kiln\n');
    const subjects = (await clone.git(['log', '--format=%s'])).trim().split('\n');
    expect(subjects).toEqual(['Kiln edit', 'Change from another clone', 'First']);
  });

  it('reports behind, ahead and diverged, and refuses a push the remote moved past', async () => {
    const p = await linked({ 'x.txt': 'x\n', 'y.txt': 'y\n' });
    expectOk(await p.push());
    const clone = await git.server.clone('team', p.repo);
    await clone.write('y.txt', 'y from the clone\n');
    await clone.commitAndPush('Remote change');
    expect(await p.diff()).toMatchObject({
      status: 'behind',
      comparison: { behindBy: 1, aheadBy: 0 },
    });

    const [x] = expectOk<{ id: string; path: string }[]>(
      await p.client.get(`/api/files/${p.project.id}`),
    ).filter((file) => file.path === 'x.txt');
    expectOk(await p.client.patch(`/api/files/${x!.id}`, { content: 'x from Kiln\n' }));
    expect(await p.diff()).toMatchObject({
      status: 'diverged',
      comparison: { behindBy: 1, aheadBy: 1 },
    });

    const remoteBefore = (await git.server.bareGit('team', p.repo, ['rev-parse', 'main'])).trim();
    const refused = expectError(await p.push('Should not land'), 409, 'CONFLICT');
    expect(refused).toMatch(/Pull first/);
    expect((await git.server.bareGit('team', p.repo, ['rev-parse', 'main'])).trim()).toBe(
      remoteBefore,
    );
    // Nothing local was lost.
    expect((await p.files())['x.txt']).toBe('x from Kiln\n');
    expect((await p.history())[0]).toMatchObject({ operation: 'push', status: 'error' });

    const pulled = expectOk<GitPullResult>(await p.pull());
    expect(pulled).toMatchObject({ conflicts: 0, updated: 1 });
    expect(await p.files()).toEqual({ 'x.txt': 'x from Kiln\n', 'y.txt': 'y from the clone\n' });
    expect(await p.diff()).toMatchObject({
      status: 'ahead',
      comparison: { behindBy: 0, aheadBy: 1 },
    });
    expectOk(await p.push());
    expect((await p.diff()).status).toBe('in-sync');
  });

  it('imports a branch: the project holds exactly its files, binary ones byte for byte', async () => {
    const owner = await connectedOwner(git.t, git.server);
    await git.server.createRepo('team', 'imported');
    const seed = await git.server.clone('team', 'imported');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const noise = Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 37) % 256));
    await seed.write('README.md', '# Imported\r\nwith CRLF\r\n');
    await seed.write('assets/pixel.png', png);
    await seed.write('assets/noise.bin', noise);
    await seed.write('src/main.js', 'console.log("hi");\n');
    await seed.commitAndPush('Seed');

    const project = await owner.createProject({ 'old.txt': 'remove me\n' });
    expectOk(
      await owner.client.post('/api/files', {
        projectId: project.id,
        path: 'empty-folder',
        content: '',
        isDirectory: true,
      }),
      201,
    );
    const imported = expectOk<GitImportResult>(
      await owner.client.post('/api/github/import', {
        projectId: project.id,
        owner: 'team',
        repo: 'imported',
      }),
    );
    expect(imported).toMatchObject({ created: 4, deleted: 1, heldBack: 0 });
    const files = await projectFiles(owner.client, project.id);
    expect(files).toEqual({
      'README.md': '# Imported\r\nwith CRLF\r\n',
      'assets/noise.bin': `base64:${noise.toString('base64')}`,
      'assets/pixel.png': `base64:${png.toString('base64')}`,
      'src/main.js': 'console.log("hi");\n',
    });
    const paths = expectOk<{ path: string }[]>(
      await owner.client.get(`/api/files/${project.id}`),
    ).map((file) => file.path);
    expect(paths).not.toContain('empty-folder');
    expect(
      expectOk<GitDiffStatus>(await owner.client.get(`/api/github/diff/${project.id}`)).status,
    ).toBe('in-sync');

    // And back: a push after an edit keeps the binary files' bytes.
    const [main] = expectOk<{ id: string; path: string }[]>(
      await owner.client.get(`/api/files/${project.id}`),
    ).filter((file) => file.path === 'src/main.js');
    expectOk(await owner.client.patch(`/api/files/${main!.id}`, { content: 'console.log(2);\n' }));
    expectOk(await owner.client.post('/api/github/push', { projectId: project.id }));
    const check = await git.server.clone('team', 'imported');
    expect((await check.read('assets/pixel.png')).equals(png)).toBe(true);
    expect((await check.read('assets/noise.bin')).equals(noise)).toBe(true);
    expect((await check.read('README.md')).toString()).toBe('# Imported\r\nwith CRLF\r\n');
    expect((await check.git(['log', '--format=%s'])).trim().split('\n')).toEqual([
      'Update from Kiln',
      'Seed',
    ]);
  });
  it('keeps what Kiln cannot hold (links, large files) and executable bits in the repository', async () => {
    const owner = await connectedOwner(git.t, git.server);
    await git.server.createRepo('team', 'held');
    const seed = await git.server.clone('team', 'held');
    await seed.write('README.md', '# Held\n');
    await seed.write('run.sh', '#!/bin/sh\necho hi\n');
    await seed.write('big.bin', Buffer.alloc(10 * 1024 * 1024 + 1, 7));
    await chmod(`${seed.dir}/run.sh`, 0o755);
    await symlink('README.md', `${seed.dir}/link.md`);
    await seed.commitAndPush('Seed with a link, a script and a large file');

    const project = await owner.createProject({});
    const imported = expectOk<GitImportResult>(
      await owner.client.post('/api/github/import', {
        projectId: project.id,
        owner: 'team',
        repo: 'held',
      }),
    );
    expect(imported).toMatchObject({ created: 2, heldBack: 2 });
    expect(Object.keys(await projectFiles(owner.client, project.id)).sort()).toEqual([
      'README.md',
      'run.sh',
    ]);
    expect(
      expectOk<GitDiffStatus>(await owner.client.get(`/api/github/diff/${project.id}`)).status,
    ).toBe('in-sync');

    const readme = expectOk<{ id: string; path: string }[]>(
      await owner.client.get(`/api/files/${project.id}`),
    ).find((file) => file.path === 'README.md')!;
    expectOk(await owner.client.patch(`/api/files/${readme.id}`, { content: '# Held, edited\n' }));
    const pushed = expectOk<GitPushResult>(
      await owner.client.post('/api/github/push', { projectId: project.id }),
    );
    expect(pushed.filesChanged).toEqual(['README.md']);
    const listing = await git.server.bareGit('team', 'held', ['ls-tree', 'main']);
    expect(listing).toMatch(/^100755 blob \w+\trun\.sh$/m);
    expect(listing).toMatch(/^120000 blob \w+\tlink\.md$/m);
    expect(listing).toMatch(/^100644 blob \w+\tbig\.bin$/m);
  });
  it('says when the host refuses a push (a hook, a protected branch), keeping the files', async () => {
    const p = await linked({ 'a.txt': 'a\n' });
    expectOk(await p.push());
    const hook = `${git.server.root}/repos/team/${p.repo}.git/hooks/pre-receive`;
    await writeFile(hook, '#!/bin/sh\necho "main is protected" >&2\nexit 1\n', { mode: 0o755 });
    const [file] = expectOk<{ id: string }[]>(await p.client.get(`/api/files/${p.project.id}`));
    expectOk(await p.client.patch(`/api/files/${file!.id}`, { content: 'a, refused\n' }));
    const refused = expectError(await p.push(), 409, 'CONFLICT');
    expect(refused).toBe(
      `The Git host refused the push to team/${p.repo} on ${new URL(git.server.baseUrl).host}: pre-receive hook declined`,
    );
    expect((await p.files())['a.txt']).toBe('a, refused\n');
    expect(await p.diff()).toMatchObject({ status: 'ahead', comparison: { aheadBy: 1 } });
  });
});
