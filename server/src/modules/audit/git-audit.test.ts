import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { startGitHubDouble, type GitHubDouble } from '../../test/github-double';
import { LOCAL_GIT_HOSTS, startGitServer, type GitServer } from '../../test/git-server';
import { connectedOwner, expectOk } from '../../test/git-sync';
import { allAuditText, auditRows, onlyAuditRow } from './test-audit';

describe('audit entries of Git connections and linked repositories', () => {
  let t: TestApp;
  let server: GitServer;
  let github: GitHubDouble;
  beforeAll(async () => {
    [server, github] = await Promise.all([startGitServer({ api: 'gitea' }), startGitHubDouble()]);
    t = await createTestApp({
      ...LOCAL_GIT_HOSTS,
      GITHUB_API_URL: github.apiUrl,
      GITHUB_OAUTH_URL: github.apiUrl,
      GITHUB_CLIENT_ID: github.oauth.clientId,
      GITHUB_CLIENT_SECRET: github.oauth.clientSecret,
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([server.close(), github.close()]);
  });

  const host = () => new URL(server.baseUrl).host;

  it('records a token set and a disconnection, with the host and account, never the token', async () => {
    const owner = await connectedOwner(t, server);
    expect(
      await onlyAuditRow(t.database, 'git.connected', { actorId: owner.user.id }),
    ).toMatchObject({
      targetType: 'git_connection',
      targetId: host(),
      details: { account: server.username, via: 'token' },
    });
    expect((await owner.client.delete('/api/github/connection')).statusCode).toBe(200);
    expect(
      await onlyAuditRow(t.database, 'git.disconnected', { actorId: owner.user.id }),
    ).toMatchObject({ targetType: 'git_connection', targetId: host() });
    expect(await allAuditText(t.database)).not.toContain(server.token);

    // Disconnecting with no connection changes nothing and records nothing.
    expect((await owner.client.delete('/api/github/connection')).statusCode).toBe(200);
    expect(
      await auditRows(t.database, 'git.disconnected', { actorId: owner.user.id }),
    ).toHaveLength(1);
  });

  it('records a token refused by the host as nothing', async () => {
    const owner = await signUp(t.app);
    const refused = await owner.client.request('PUT', '/api/github/connection', {
      body: { baseUrl: server.baseUrl, token: 'not-the-token' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await auditRows(t.database, 'git.connected', { actorId: owner.user.id })).toEqual([]);
  });

  it('records a connection made by signing in with GitHub', async () => {
    const owner = await signUp(t.app);
    const start = await owner.client.get('/api/github/oauth/start?returnTo=/dashboard');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const back = await owner.client.get(
      `/api/github/oauth/callback?code=${github.oauth.code}&state=${state}`,
    );
    expect(back.headers.location).toBe('/dashboard?github=connected');
    expect(
      await onlyAuditRow(t.database, 'git.connected', { actorId: owner.user.id }),
    ).toMatchObject({
      targetId: 'github.com',
      details: { account: github.login, via: 'github-oauth' },
    });
    expect(await allAuditText(t.database)).not.toContain(github.token);
  });

  it('records a repository linked and imported, by name and branch', needs('git'), async () => {
    const owner = await connectedOwner(t, server);
    await server.createRepo('team', 'audited');
    const seed = await server.clone('team', 'audited');
    await seed.write('README.md', '# Audited\n');
    const commit = await seed.commitAndPush('First');
    const linkedProject = await owner.createProject({ 'a.txt': 'a\n' });
    expectOk(
      await owner.client.post('/api/github/link', {
        projectId: linkedProject.id,
        owner: 'team',
        repo: 'audited',
      }),
    );
    const importedProject = await owner.createProject();
    expectOk(
      await owner.client.post('/api/github/import', {
        projectId: importedProject.id,
        url: server.url('team', 'audited'),
        branch: 'main',
      }),
    );

    expect(
      await onlyAuditRow(t.database, 'git.repository_linked', { projectId: linkedProject.id }),
    ).toMatchObject({
      actorId: owner.user.id,
      targetType: 'repository',
      targetId: 'team/audited',
      details: { branch: 'main' },
    });
    expect(
      await onlyAuditRow(t.database, 'git.repository_imported', { projectId: importedProject.id }),
    ).toMatchObject({
      targetId: `team/audited on ${host()}`,
      details: { branch: 'main', commit },
    });
  });

  it('never keeps credentials written into a repository URL', needs('git'), async () => {
    const owner = await connectedOwner(t, server);
    const project = await owner.createProject({ 'b.txt': 'b\n' });
    await server.createRepo('team', 'with-password');
    const withPassword = server.url('team', 'with-password').replace('://', '://:url-secret-4d2c@');
    const linked = await owner.client.post('/api/github/link', {
      projectId: project.id,
      url: withPassword,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(
      await onlyAuditRow(t.database, 'git.repository_linked', { projectId: project.id }),
    ).toMatchObject({ targetId: `team/with-password on ${host()}` });
    expect(await allAuditText(t.database)).not.toContain('url-secret-4d2c');
  });

  it("records nothing for a link to someone else's project", async () => {
    const owner = await connectedOwner(t, server);
    const stranger = await connectedOwner(t, server);
    const project = await owner.createProject();
    const refused = await stranger.client.post('/api/github/link', {
      projectId: project.id,
      owner: 'team',
      repo: 'audited',
    });
    expect(refused.statusCode).toBe(404);
    expect(await auditRows(t.database, 'git.repository_linked', { projectId: project.id })).toEqual(
      [],
    );
  });
});
