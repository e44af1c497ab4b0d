import fs from 'node:fs/promises';
import path from 'node:path';
import type { GitConnection, GitImportResult, GitRepo } from '@kiln/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { startGitHubDouble, type GitHubDouble } from '../../test/github-double';
import { startGitServer, type GitServer, LOCAL_GIT_HOSTS } from '../../test/git-server';
import { expectOk, projectFiles } from '../../test/git-sync';

/** A TestClient that keeps every response, to prove none carries the token. */
class RecordingClient extends TestClient {
  readonly responses: LightMyRequestResponse[] = [];
  override async request(...args: Parameters<TestClient['request']>) {
    const response = await super.request(...args);
    this.responses.push(response);
    return response;
  }
}

describe('git host connections', () => {
  let t: TestApp;
  let github: GitHubDouble;
  let gitea: GitServer;
  let plain: GitServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    github = await startGitHubDouble();
    [gitea, plain] = await Promise.all([
      startGitServer({ api: 'gitea' }),
      startGitServer({ api: 'none', token: 'plain-server-token-9f8e7d6c' }),
    ]);
    t = await createTestApp(
      { ...LOCAL_GIT_HOSTS, GITHUB_API_URL: github.apiUrl, LOG_LEVEL: 'trace' },
      { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([github.close(), gitea.close(), plain.close()]);
  });

  async function recordingOwner() {
    const owner = await signUp(t.app);
    const client = new RecordingClient(t.app);
    for (const [name, value] of owner.client.cookies) client.cookies.set(name, value);
    return { ...owner, client };
  }

  it('connects GitHub with a token: the account from its API, the repositories listed, never the token', async () => {
    const owner = await recordingOwner();
    expect(expectOk<GitConnection>(await owner.client.get('/api/github/connection'))).toMatchObject(
      { connected: false, host: null, account: null, oauthAvailable: false },
    );
    const refused = await owner.client.request('PUT', '/api/github/connection', {
      body: { token: 'ghp_wrong' },
    });
    expect(expectError(refused, 400, 'VALIDATION_FAILED')).toBe('github.com refused the token');
    expect(
      expectOk<GitConnection>(await owner.client.get('/api/github/connection')).connected,
    ).toBe(false);

    const connected = expectOk<GitConnection>(
      await owner.client.request('PUT', '/api/github/connection', {
        body: { token: `  ${github.token} ` },
      }),
    );
    expect(connected).toMatchObject({
      connected: true,
      host: 'github.com',
      baseUrl: 'https://github.com',
      account: 'octocat',
      kind: 'github',
      listsRepositories: true,
    });
    expect(github.requests.at(-1)).toMatchObject({
      url: '/user',
      authorization: `token ${github.token}`,
    });

    github.repositories.push({
      name: 'site',
      owner: 'octocat',
      private: true,
      description: 'My site',
      defaultBranch: 'main',
      branches: [],
    });
    const repos = expectOk<GitRepo[]>(await owner.client.get('/api/github/repos'));
    expect(repos).toEqual([
      {
        id: '1000',
        name: 'site',
        owner: 'octocat',
        fullName: 'octocat/site',
        description: 'My site',
        private: true,
        defaultBranch: 'main',
        htmlUrl: 'https://github.com/octocat/site',
      },
    ]);

    const [stored] = await queryRows<{ token_encrypted: string }>(
      t.database.db,
      sql`select token_encrypted from git_connections where user_id = ${owner.user.id}`,
    );
    expect(stored!.token_encrypted).toMatch(/^v1\./);
    expect(stored!.token_encrypted).not.toContain(github.token);

    expect(
      expectOk<{ message: string }>(await owner.client.delete('/api/github/connection')).message,
    ).toBe('Disconnected from github.com');
    expect(expectOk<GitRepo[]>(await owner.client.get('/api/github/repos'))).toEqual([]);
    for (const response of owner.client.responses) {
      expect(response.body).not.toContain(github.token);
    }
  });

  it('asks a Gitea-like host its API, and a plain Git server nothing', needs('git'), async () => {
    const owner = await recordingOwner();
    const viaGitea = expectOk<GitConnection>(
      await owner.client.request('PUT', '/api/github/connection', {
        body: { baseUrl: `${gitea.baseUrl}/`, token: gitea.token },
      }),
    );
    expect(viaGitea).toMatchObject({
      host: new URL(gitea.baseUrl).host,
      baseUrl: gitea.baseUrl,
      kind: 'gitea',
      account: gitea.username,
      listsRepositories: true,
    });
    await gitea.createRepo(gitea.username, 'listed');
    const repos = expectOk<GitRepo[]>(await owner.client.get('/api/github/repos'));
    expect(repos.map((repo) => repo.fullName)).toContain(`${gitea.username}/listed`);

    expectError(
      await owner.client.request('PUT', '/api/github/connection', {
        body: { baseUrl: gitea.baseUrl, token: 'not-the-token' },
      }),
      400,
      'VALIDATION_FAILED',
    );

    const viaPlain = expectOk<GitConnection>(
      await owner.client.request('PUT', '/api/github/connection', {
        body: { baseUrl: plain.baseUrl, token: plain.token, username: 'plain-user' },
      }),
    );
    expect(viaPlain).toMatchObject({
      kind: 'git',
      account: 'plain-user',
      listsRepositories: false,
    });
    expect(expectOk<GitRepo[]>(await owner.client.get('/api/github/repos'))).toEqual([]);

    for (const baseUrl of [
      'http://git.example.com',
      'ftp://example.com',
      'https://u:p@host.test',
    ]) {
      expectError(
        await owner.client.request('PUT', '/api/github/connection', {
          body: { baseUrl, token: 'x' },
        }),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectError(
      await owner.client.request('PUT', '/api/github/connection', { body: { token: '  ' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('imports a public repository by URL with no connection at all', needs('git'), async () => {
    await gitea.createRepo('opensource', 'library', { public: true });
    const seed = await gitea.clone('opensource', 'library');
    await seed.write('lib.js', 'export const answer = 42;\n');
    await seed.commitAndPush('Library');

    const stranger = await signUp(t.app);
    const project = expectOk<{ id: string }>(
      await stranger.client.post('/api/projects', { name: 'Public import' }),
      201,
    );
    const imported = expectOk<GitImportResult>(
      await stranger.client.post('/api/github/import', {
        projectId: project.id,
        url: `${gitea.baseUrl}/opensource/library.git`,
      }),
    );
    expect(imported.created).toBe(1);
    expect(await projectFiles(stranger.client, project.id)).toEqual({
      'lib.js': 'export const answer = 42;\n',
    });
    // Pushing a change needs a token the host accepts.
    const [lib] = expectOk<{ id: string }[]>(await stranger.client.get(`/api/files/${project.id}`));
    expectOk(await stranger.client.patch(`/api/files/${lib!.id}`, { content: 'changed\n' }));
    const refused = await stranger.client.post('/api/github/push', { projectId: project.id });
    expect(expectError(refused, 400, 'VALIDATION_FAILED')).toBe(
      `opensource/library on ${new URL(gitea.baseUrl).host} needs a token: connect the Git host first`,
    );
  });

  it(
    'keeps the token out of every log line, stored row, file on disk, URL and answer',
    needs('git'),
    async () => {
      const owner = await recordingOwner();
      await plain.createRepo('secret-team', 'vault');
      expectOk(
        await owner.client.request('PUT', '/api/github/connection', {
          body: { baseUrl: plain.baseUrl, token: plain.token },
        }),
      );
      const project = expectOk<{ id: string }>(
        await owner.client.post('/api/projects', { name: 'Vault' }),
        201,
      );
      expectOk(
        await owner.client.post('/api/github/link', {
          projectId: project.id,
          owner: 'secret-team',
          repo: 'vault',
        }),
      );
      expectOk(await owner.client.post('/api/github/push', { projectId: project.id }));
      expectOk(await owner.client.post('/api/github/pull', { projectId: project.id }));
      expectOk(await owner.client.get(`/api/github/diff/${project.id}`));
      expectOk(await owner.client.get(`/api/github/branches/${project.id}`));
      expectOk(await owner.client.get(`/api/github/sync-history/${project.id}`));
      expect(plain.requests.some((request) => request.authorized)).toBe(true);

      // A token the host refuses: a clear error, and still nothing written anywhere.
      expectOk(
        await owner.client.request('PUT', '/api/github/connection', {
          body: { baseUrl: plain.baseUrl, token: `${plain.token}-revoked` },
        }),
      );
      const refused = await owner.client.post('/api/github/push', { projectId: project.id });
      expect(expectError(refused, 400, 'VALIDATION_FAILED')).toMatch(/refused the token/);

      for (const secret of [plain.token, `${plain.token}-revoked`]) {
        for (const response of owner.client.responses) expect(response.body).not.toContain(secret);
        expect(logLines.length).toBeGreaterThan(10);
        for (const line of logLines) expect(line).not.toContain(secret);
        for (const request of plain.requests) expect(request.url).not.toContain(secret);
        const rows = await queryRows<{ dump: string }>(
          t.database.db,
          sql`select string_agg(t::text, ' ') as dump from (
              select row_to_json(c)::text as t from git_connections c
              union all select row_to_json(s)::text from git_sync_states s
              union all select row_to_json(h)::text from git_sync_history h
              union all select row_to_json(j)::text from jobs j
              union all select row_to_json(p)::text from projects p) all_rows`,
        );
        expect(rows[0]!.dump.length).toBeGreaterThan(100);
        expect(rows[0]!.dump).not.toContain(secret);
        for (const file of await filesUnder(path.join(t.dataDir, 'git'))) {
          expect((await fs.readFile(file)).includes(Buffer.from(secret))).toBe(false);
        }
      }
    },
  );
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
