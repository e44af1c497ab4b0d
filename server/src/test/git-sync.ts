import type { GitConnection, Project } from '@kiln/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';
import type { TestClient } from './client';
import { signUp } from './factories';
import type { GitServer } from './git-server';

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
