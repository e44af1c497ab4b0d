import {
  InstallEventSchema,
  type ExecuteResult,
  type InstallEvent,
  type PackageStatus,
  type Project,
  type ProjectFile,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';

/** An install's NDJSON answer, each line checked against the shared schema. */
export function installEvents(body: string): InstallEvent[] {
  return body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => InstallEventSchema.parse(JSON.parse(line)));
}

export interface InstallAnswer {
  status: number;
  events: InstallEvent[];
  output: string;
  done: Extract<InstallEvent, { type: 'done' }>;
}

/** A person with an empty project holding `files`, and the calls the tests make on it. */
export async function ownerWithProject(app: FastifyInstance, files: Record<string, string>) {
  const owner = await signUp(app);
  const project = (
    await owner.client.post('/api/projects', { name: `Packages ${Math.random()}`, empty: true })
  ).json<Project>();
  const write = async (path: string, content: string) => {
    const created = await owner.client.post('/api/files', { projectId: project.id, path, content });
    if (created.statusCode === 201) return;
    const existing = (
      await owner.client.get(`/api/files/${project.id}/content?path=${encodeURIComponent(path)}`)
    ).json<ProjectFile>();
    const saved = await owner.client.patch(`/api/files/${existing.id}`, { content });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  for (const [path, content] of Object.entries(files)) await write(path, content);
  return {
    ...owner,
    project,
    write,
    read: async (path: string) =>
      owner.client.get(`/api/files/${project.id}/content?path=${encodeURIComponent(path)}`),
    status: async () =>
      (await owner.client.get(`/api/packages/${project.id}`)).json<PackageStatus>(),
    install: (body?: unknown) => install(owner.client, project.id, body),
    run: async (filePath: string, code: string) => {
      const response = await owner.client.post(`/api/projects/${project.id}/execute`, {
        filePath,
        code,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ExecuteResult>();
    },
  };
}

export async function install(
  client: TestClient,
  projectId: string,
  body?: unknown,
): Promise<InstallAnswer> {
  const response = await client.post(`/api/packages/${projectId}/install`, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/x-ndjson');
  const events = installEvents(response.body);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error(`the install did not end with done: ${response.body}`);
  expect(events.filter((event) => event.type === 'done')).toHaveLength(1);
  const output = events.map((event) => (event.type === 'output' ? event.data : '')).join('');
  return { status: response.statusCode, events, output, done };
}
