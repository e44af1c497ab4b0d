import type { GitBranchList, GitDiffStatus, Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { startGitServer, type GitServer, LOCAL_GIT_HOSTS } from '../../test/git-server';
import { connectedOwner, expectOk, projectFiles } from '../../test/git-sync';

describe('git sync: branches', needs('git'), () => {
  let t: TestApp;
  let server: GitServer;
  beforeAll(async () => {
    [t, server] = await Promise.all([
      createTestApp(LOCAL_GIT_HOSTS),
      startGitServer({ api: 'gitea' }),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('lists branches with the protected ones, and switches between them carrying local changes', async () => {
    const owner = await connectedOwner(t, server);
    await server.createRepo(server.username, 'branchy');
    const project = await owner.createProject({ 'shared.txt': 'shared\n', 'main.txt': 'main\n' });
    expectOk(
      await owner.client.post('/api/github/link', {
        projectId: project.id,
        owner: server.username,
        repo: 'branchy',
      }),
    );
    expectOk(await owner.client.post('/api/github/push', { projectId: project.id }));
    const other = await server.clone(server.username, 'branchy');
    await other.git(['checkout', '-q', '-b', 'feature']);
    await other.write('feature.txt', 'only on feature\n');
    await other.remove('main.txt');
    await other.commitAndPush('Feature work');
    server.protectedBranches.add('main');

    const list = expectOk<GitBranchList>(
      await owner.client.get(`/api/github/branches/${project.id}`),
    );
    expect(list).toEqual({
      currentBranch: 'main',
      branches: [
        { name: 'feature', protected: false },
        { name: 'main', protected: true },
      ],
    });

    // A change here that the branch does not touch comes along.
    const files = expectOk<{ id: string; path: string }[]>(
      await owner.client.get(`/api/files/${project.id}`),
    );
    const shared = files.find((file) => file.path === 'shared.txt')!;
    expectOk(await owner.client.patch(`/api/files/${shared.id}`, { content: 'shared, edited\n' }));
    const switched = await owner.client.post('/api/github/switch-branch', {
      projectId: project.id,
      branch: 'feature',
    });
    expect(expectOk<{ message: string }>(switched).message).toBe('Switched to branch feature');
    expect(await projectFiles(owner.client, project.id)).toEqual({
      'feature.txt': 'only on feature\n',
      'shared.txt': 'shared, edited\n',
    });
    const read = expectOk<Project>(await owner.client.get(`/api/projects/${project.id}`));
    expect(read.github_branch).toBe('feature');
    expect(
      expectOk<GitDiffStatus>(await owner.client.get(`/api/github/diff/${project.id}`)),
    ).toMatchObject({ status: 'ahead', comparison: { behindBy: 0, aheadBy: 1 } });

    expectOk(await owner.client.post('/api/github/push', { projectId: project.id }));
    await other.git(['pull', '-q', 'origin', 'feature']);
    expect((await other.read('shared.txt')).toString()).toBe('shared, edited\n');
    expect(
      (await server.bareGit(server.username, 'branchy', ['show', 'main:shared.txt'])).trim(),
    ).toBe('shared');

    // A branch the remote does not have yet is created by the next push.
    expect(
      expectOk<{ message: string }>(
        await owner.client.post('/api/github/switch-branch', {
          projectId: project.id,
          branch: 'brand-new',
        }),
      ).message,
    ).toMatch(/next push creates it/);
    expectOk(await owner.client.post('/api/github/push', { projectId: project.id }));
    const heads = await server.bareGit(server.username, 'branchy', [
      'for-each-ref',
      '--format=%(refname:short)',
      'refs/heads/',
    ]);
    expect(heads.trim().split('\n').sort()).toEqual(['brand-new', 'feature', 'main']);

    // A change here that the other branch changed too refuses the switch, changing nothing.
    const again = expectOk<{ id: string; path: string }[]>(
      await owner.client.get(`/api/files/${project.id}`),
    ).find((file) => file.path === 'feature.txt')!;
    expectOk(await owner.client.patch(`/api/files/${again.id}`, { content: 'mine\n' }));
    const refused = await owner.client.post('/api/github/switch-branch', {
      projectId: project.id,
      branch: 'main',
    });
    expect(expectError(refused, 409, 'CONFLICT')).toMatch(/feature\.txt/);
    expect(
      expectOk<Project>(await owner.client.get(`/api/projects/${project.id}`)).github_branch,
    ).toBe('brand-new');
    expect((await projectFiles(owner.client, project.id))['feature.txt']).toBe('mine\n');

    expectError(
      await owner.client.post('/api/github/switch-branch', {
        projectId: project.id,
        branch: 'bad..name',
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
