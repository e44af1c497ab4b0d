import type { GitSyncSettings, Project } from '@kiln/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { connectedOwner, expectOk, gitSyncSetup } from '../../test/git-sync';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every project-scoped Git route, with a body that is valid for it. */
const projectRoutes = (projectId: string): [Method, string, unknown][] => [
  ['POST', '/api/github/link', { projectId, owner: 'team', repo: 'guarded' }],
  ['POST', '/api/github/import', { projectId, owner: 'team', repo: 'guarded' }],
  ['POST', '/api/github/push', { projectId, message: 'Mine now' }],
  ['POST', '/api/github/pull', { projectId }],
  ['GET', `/api/github/diff/${projectId}`, undefined],
  ['GET', `/api/github/branches/${projectId}`, undefined],
  ['POST', '/api/github/switch-branch', { projectId, branch: 'other' }],
  ['PATCH', `/api/github/settings/${projectId}`, { autoSyncEnabled: true }],
  ['GET', `/api/github/sync-history/${projectId}`, undefined],
  [
    'POST',
    '/api/github/resolve-conflicts',
    { projectId, resolutions: [{ path: 'a.txt', content: 'x' }] },
  ],
];

describe('git sync: who may call what', needs('git'), () => {
  const git = gitSyncSetup();
  beforeAll(() => git.server.createRepo('team', 'guarded'));

  it('answers 401 to a signed-out visitor on every route', async () => {
    const owner = await connectedOwner(git.t, git.server);
    const project = await owner.createProject({ 'a.txt': 'a\n' });
    const anonymous = new TestClient(git.t.app);
    const routes: [Method, string, unknown][] = [
      ['PUT', '/api/github/connection', { token: 'x' }],
      ['GET', '/api/github/connection', undefined],
      ['DELETE', '/api/github/connection', undefined],
      ['GET', '/api/github/repos', undefined],
      ...projectRoutes(project.id),
    ];
    for (const [method, url, body] of routes) {
      expectError(await anonymous.request(method, url, { body }), 401, 'UNAUTHENTICATED');
    }
  });

  it("answers 404 for another user's project on every project route, and changes nothing", async () => {
    const owner = await connectedOwner(git.t, git.server);
    const project = await owner.createProject({ 'a.txt': 'a\n' });
    expectOk(
      await owner.client.post('/api/github/link', {
        projectId: project.id,
        owner: 'team',
        repo: 'guarded',
      }),
    );
    const stranger = await connectedOwner(git.t, git.server);
    for (const [method, url, body] of projectRoutes(project.id)) {
      const answer = await stranger.client.request(method, url, { body });
      expect(expectError(answer, 404, 'NOT_FOUND'), `${method} ${url}`).toBe('Project not found');
    }
    for (const [method, url, body] of projectRoutes('not-a-project-id')) {
      expectError(await owner.client.request(method, url, { body }), 404, 'NOT_FOUND');
    }
    const after = expectOk<Project>(await owner.client.get(`/api/projects/${project.id}`));
    expect(after).toMatchObject({ autoSyncEnabled: false, github_branch: 'main' });
    expect(await git.server.bareGit('team', 'guarded', ['for-each-ref'])).toBe('');
  });

  it('says a project is not linked yet, and keeps the sync settings to their allowed values', async () => {
    const owner = await signUp(git.t.app);
    const project = expectOk<Project>(
      await owner.client.post('/api/projects', { name: 'Unlinked' }),
      201,
    );
    for (const [method, url, body] of projectRoutes(project.id).slice(2)) {
      if (url.includes('/settings/') || url.includes('/sync-history/')) continue;
      const answer = await owner.client.request(method, url, { body });
      expect(expectError(answer, 400, 'VALIDATION_FAILED'), `${method} ${url}`).toBe(
        'This project is not linked to a repository yet',
      );
    }
    expect(
      expectOk<unknown[]>(await owner.client.get(`/api/github/sync-history/${project.id}`)),
    ).toEqual([]);

    const settings = (body: unknown) =>
      owner.client.patch(`/api/github/settings/${project.id}`, body);
    for (const syncInterval of [12_345, 0, '30000', null]) {
      expect(expectError(await settings({ syncInterval }), 400, 'VALIDATION_FAILED')).toBe(
        'syncInterval must be one of 10000, 30000, 60000, 300000',
      );
    }
    expectError(await settings({}), 400, 'VALIDATION_FAILED');
    expect(expectOk<GitSyncSettings>(await settings({ syncInterval: 60_000 }))).toEqual({
      message: 'Settings updated',
      autoSyncEnabled: false,
      syncInterval: 60_000,
    });
    expectOk(await settings({ autoSyncEnabled: true }));
    const read = expectOk<Project>(await owner.client.get(`/api/projects/${project.id}`));
    expect(read).toMatchObject({
      autoSyncEnabled: true,
      auto_sync_enabled: true,
      sync_interval: 60_000,
    });

    expect(
      expectError(
        await owner.client.post('/api/github/push', { projectId: project.id, message: '   ' }),
        400,
        'VALIDATION_FAILED',
      ),
    ).toBe('A commit message is required');
    expectError(
      await owner.client.post('/api/github/link', { projectId: project.id, owner: 'team' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await owner.client.post('/api/github/link', {
        projectId: project.id,
        owner: '../etc',
        repo: 'x',
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('tells a person a repository that does not exist, without linking it', async () => {
    const owner = await connectedOwner(git.t, git.server);
    const project = await owner.createProject({});
    const answer = await owner.client.post('/api/github/link', {
      projectId: project.id,
      owner: 'team',
      repo: 'missing',
    });
    expect(expectError(answer, 404, 'NOT_FOUND')).toMatch(/team\/missing .* was not found/);
    expect(
      expectOk<Project>(await owner.client.get(`/api/projects/${project.id}`)).githubRepo,
    ).toBeNull();
  });
});
