import { TERMINAL_CLOSE_CODES } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { refusal, TestTerminal } from './test-terminal';
import { NEEDS_BUBBLEWRAP } from './terminal-connection';

const errorOf = (body: string) => JSON.parse(body) as { error: string; code: string };

describe('who may open a terminal', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'bubblewrap' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Access ${Math.random()}`);
    return { ...owner, project };
  }

  it('refuses a signed-out upgrade with 401 before it becomes a socket', async () => {
    const { project } = await ownerWithProject();
    const refused = await refusal({ app: t.app, projectId: project.id });
    expect(refused.status).toBe(401);
    expect(errorOf(refused.body).code).toBe('UNAUTHENTICATED');
  });

  it("answers 404 for another user's project, an unknown one and a malformed id", async () => {
    const { project } = await ownerWithProject();
    const stranger = await signUp(t.app);
    for (const projectId of [project.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const refused = await refusal({ app: t.app, projectId, client: stranger.client });
      expect(refused.status, projectId).toBe(404);
      expect(errorOf(refused.body).code).toBe('NOT_FOUND');
    }
  });

  it("opens for the project's editors and refuses its viewers with 403", async () => {
    const { project, client } = await ownerWithProject();
    const editor = await signUp(t.app);
    const viewer = await signUp(t.app);
    for (const [person, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const added = await client.post(`/api/projects/${project.id}/members`, {
        email: person.email,
        role,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const refused = await refusal({ app: t.app, projectId: project.id, client: viewer.client });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).code).toBe('FORBIDDEN');
    const terminal = await TestTerminal.open({
      app: t.app,
      projectId: project.id,
      client: editor.client,
    });
    await terminal.waitForMessage('ready');
    terminal.close();
    await terminal.closed;
  });

  it('refuses a page of another origin, the preview origin included (cross-site hijacking)', async () => {
    const { project, client } = await ownerWithProject();
    for (const origin of ['https://evil.example', t.env.PREVIEW_ORIGIN, 'null']) {
      const refused = await refusal({ app: t.app, projectId: project.id, client, origin });
      expect(refused.status, origin).toBe(403);
      expect(errorOf(refused.body)).toEqual({
        code: 'FORBIDDEN',
        error: 'A terminal can only be opened from Kiln itself.',
      });
    }
  });

  it("opens from the app's origin, from the origin it was addressed to, and without one", async () => {
    const { project, client } = await ownerWithProject();
    const { port } = t.app.server.address() as { port: number };
    for (const origin of ['http://kiln.test', `http://127.0.0.1:${port}`, undefined]) {
      const terminal = await TestTerminal.open({
        app: t.app,
        projectId: project.id,
        client,
        origin,
      });
      await terminal.waitForMessage('ready');
      terminal.close();
      await terminal.closed;
    }
  });

  it('refuses a size out of range or a malformed resume with 400, and a plain GET with 400', async () => {
    const { project, client } = await ownerWithProject();
    const refused = await refusal({
      app: t.app,
      projectId: project.id,
      client,
      query: '?cols=100000&rows=20',
    });
    expect(refused.status).toBe(400);
    // A resume id is 32 base64url characters and a byte count a whole number: nothing else.
    for (const query of [
      '?resume=../../etc/passwd&received=0',
      `?resume=${'a'.repeat(31)}&received=0`,
      `?resume=${'a'.repeat(32)}&received=-1`,
      `?resume=${'a'.repeat(32)}&received=1e400`,
    ]) {
      const bad = await refusal({ app: t.app, projectId: project.id, client, query });
      expect(bad.status, query).toBe(400);
    }
    const plain = await client.get(`/api/terminal/${project.id}`);
    expect(plain.statusCode).toBe(400);
    expect(plain.json<{ error: string }>().error).toMatch(/WebSocket/);
  });

  it('limits how often one person opens terminals, each a new sandbox, before the upgrade', async () => {
    const stranger = await signUp(t.app);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect(
        (await refusal({ app: t.app, projectId: missing, client: stranger.client })).status,
      ).toBe(404);
    }
    const limited = await refusal({ app: t.app, projectId: missing, client: stranger.client });
    expect(limited.status).toBe(429);
    expect(errorOf(limited.body).code).toBe('RATE_LIMITED');
    // Counted per person: someone else still opens theirs.
    const { project, client } = await ownerWithProject();
    const terminal = await TestTerminal.open({ app: t.app, projectId: project.id, client });
    await terminal.waitForMessage('ready');
    terminal.close();
  });

  it('is listed in the API document', async () => {
    const document = (await new TestClient(t.app).get('/api/openapi.json')).json<{
      paths: Record<string, { get?: { description?: string } }>;
    }>();
    expect(document.paths['/api/terminal/{projectId}']?.get?.description).toMatch(/WebSocket/);
  });
});

describe('a server without bubblewrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'quickjs' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('says the terminal needs bubblewrap, then closes', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, 'No shell here');
    const terminal = await TestTerminal.open({
      app: t.app,
      projectId: project.id,
      client: owner.client,
    });
    expect(await terminal.waitForMessage('error')).toEqual({
      type: 'error',
      message: NEEDS_BUBBLEWRAP,
    });
    expect((await terminal.closed).code).toBe(TERMINAL_CLOSE_CODES.error);
  });
});
