import type {
  GitConnection,
  GitDiffStatus,
  GitPullResult,
  GitSyncHistoryEntry,
  Project,
} from '@kiln/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app';
import type { TestClient } from './client';
import { signUp } from './factories';
import { LOCAL_GIT_HOSTS, startGitServer, type GitServer } from './git-server';

/**
 * A test app that may reach the test Git server, and that server, for the tests of the calling
 * `describe`: both started before its first test and closed after its last.
 */
export function gitSyncSetup(): { readonly t: TestApp; readonly server: GitServer } {
  let t: TestApp | undefined;
  let server: GitServer | undefined;
  beforeAll(async () => {
    [t, server] = await Promise.all([createTestApp(LOCAL_GIT_HOSTS), startGitServer()]);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });
  return {
    get t() {
      if (!t) throw new Error('the Git test app is started in beforeAll');
      return t;
    },
    get server() {
      if (!server) throw new Error('the Git test server is started in beforeAll');
      return server;
    },
  };
}

/** Fails with the body when a request did not answer `status`, and answers the parsed body. */
export function expectOk<T>(response: LightMyRequestResponse, status = 200): T {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response.json<T>();
}

/**
 * A signed-in person connected to the test Git server, with a project of their own holding
 * `files` (text, or bytes for binary files), and helpers for the Git routes.
 */
export async function connectedOwner(t: TestApp, server: GitServer) {
  const owner = await signUp(t.app);
  const client = owner.client;
  const connection = expectOk<GitConnection>(
    await client.request('PUT', '/api/github/connection', {
      body: { baseUrl: server.baseUrl, token: server.token },
    }),
  );

  async function createProject(files: Record<string, string> = {}) {
    const project = expectOk<Project>(
      await client.post('/api/projects', { name: `Git ${Math.random()}` }),
      201,
    );
    // Exactly `files`: the template's own go.
    for (const file of expectOk<{ id: string; path: string }[]>(
      await client.get(`/api/files/${project.id}`),
    )) {
      if (!file.path.includes('/')) expectOk(await client.delete(`/api/files/${file.id}`));
    }
    for (const [path, content] of Object.entries(files)) {
      expectOk(await client.post('/api/files', { projectId: project.id, path, content }), 201);
    }
    return project;
  }

  return { ...owner, connection, createProject };
}

/** The project's files by path: text as it is, binary files as `base64:` and their bytes. */
export async function projectFiles(
  client: TestClient,
  projectId: string,
): Promise<Record<string, string>> {
  const files = expectOk<{ path: string; isDirectory: boolean; content: string | null }[]>(
    await client.get(`/api/files/${projectId}`),
  );
  const result: Record<string, string> = {};
  for (const file of files) {
    if (file.isDirectory) continue;
    if (file.content !== null) {
      result[file.path] = file.content;
      continue;
    }
    const raw = await client.get(
      `/api/files/${projectId}/raw?path=${encodeURIComponent(file.path)}`,
    );
    result[file.path] = `base64:${raw.rawPayload.toString('base64')}`;
  }
  return result;
}

let repositories = 0;

/**
 * A person connected to the test Git server with a project holding exactly `files`, linked to a
 * new repository of `team` (named after `repoPrefix`) and, unless `push` is false, pushed once;
 * with the Git routes every test of the project calls.
 */
export async function linkedProject(
  t: TestApp,
  server: GitServer,
  files: Record<string, string>,
  options: { repoPrefix: string; branch?: string; push?: boolean },
) {
  const owner = await connectedOwner(t, server);
  repositories += 1;
  const repo = `${options.repoPrefix}-${repositories}`;
  await server.createRepo('team', repo);
  const project = await owner.createProject(files);
  const { client } = owner;
  const linked = expectOk<{ message: string }>(
    await client.post('/api/github/link', {
      projectId: project.id,
      owner: 'team',
      repo,
      ...(options.branch ? { branch: options.branch } : {}),
    }),
  );
  if (options.push !== false) {
    expectOk(await client.post('/api/github/push', { projectId: project.id }));
  }
  const fileId = async (path: string) => {
    const listed = expectOk<{ id: string; path: string }[]>(
      await client.get(`/api/files/${project.id}`),
    );
    const file = listed.find((candidate) => candidate.path === path);
    if (!file) throw new Error(`no file at ${path}`);
    return file.id;
  };
  return {
    ...owner,
    project,
    repo,
    /** The link's answer, which names the repository. */
    linkMessage: linked.message,
    fileId,
    save: async (path: string, content: string) =>
      expectOk(await client.patch(`/api/files/${await fileId(path)}`, { content })),
    remove: async (path: string) =>
      expectOk(await client.delete(`/api/files/${await fileId(path)}`)),
    push: (message?: string) => client.post('/api/github/push', { projectId: project.id, message }),
    pull: () => client.post('/api/github/pull', { projectId: project.id }),
    pulled: async () =>
      expectOk<GitPullResult>(await client.post('/api/github/pull', { projectId: project.id })),
    diff: async () => expectOk<GitDiffStatus>(await client.get(`/api/github/diff/${project.id}`)),
    history: async () =>
      expectOk<GitSyncHistoryEntry[]>(await client.get(`/api/github/sync-history/${project.id}`)),
    files: () => projectFiles(client, project.id),
    readProject: async () => expectOk<Project>(await client.get(`/api/projects/${project.id}`)),
    clone: () => server.clone('team', repo),
    remoteHead: async () => (await server.bareGit('team', repo, ['rev-parse', 'main'])).trim(),
  };
}
