import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { auditRows } from './test-audit';

describe('audit entries of terminals', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'bubblewrap' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** Asks for a terminal as the editor does; answers the HTTP status of a refusal, or 101. */
  function openTerminal(client: TestClient, projectId: string): Promise<number> {
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/api/terminal/${projectId}?cols=80&rows=24`,
      {
        headers: { cookie },
      },
    );
    return new Promise((resolve) => {
      socket.on('message', (data, isBinary) => {
        if (!isBinary && String(data).includes('"ready"')) {
          socket.close();
          resolve(101);
        }
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('error', () => undefined);
    });
  }

  it('records a terminal opened in a project, by whoever opened it', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, 'Terminal audit');
    expect(await openTerminal(owner.client, project.id)).toBe(101);
    await expect
      .poll(() => auditRows(t.database, 'terminal.opened', { projectId: project.id }))
      .toMatchObject([{ actorId: owner.user.id, actorEmail: owner.email, ip: '127.0.0.1' }]);
  });

  it('records nothing for a terminal refused to a stranger or a viewer', async () => {
    const owner = await signUp(t.app);
    const viewer = await signUp(t.app);
    const stranger = await signUp(t.app);
    const project = await createProject(owner.client, 'Terminal refused');
    await owner.client.post(`/api/projects/${project.id}/members`, {
      email: viewer.email,
      role: 'viewer',
    });
    expect(await openTerminal(stranger.client, project.id)).toBe(404);
    expect(await openTerminal(viewer.client, project.id)).toBe(403);
    expect(await auditRows(t.database, 'terminal.opened', { projectId: project.id })).toEqual([]);
  });
});
