import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import { needs } from '../../test/system-programs';
import { buildPreviewApp } from '../preview';
import {
  createNodeAppProject,
  devServerStatus,
  fetchPreview,
  onPreview,
  openLog,
  upgradeAndSend,
  waitForState,
} from './test-dev-server';

const PREVIEW_ORIGIN = 'http://preview.kiln-test.example';

async function startPreview(t: TestApp): Promise<FastifyInstance> {
  const preview = await buildPreviewApp({
    env: t.env,
    database: t.database,
    devServers: (projectId) => t.app.devServers.target(projectId),
  });
  await preview.listen({ port: 0, host: '127.0.0.1' });
  return preview;
}

describe('a project dev server behind the preview', needs('bwrap'), () => {
  let t: TestApp;
  let preview: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;
  let previewUrl: string;

  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX: 'bubblewrap',
      PREVIEW_ORIGIN,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    preview = await startPreview(t);
    // The log is a stream, read over a real connection.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signUp(t.app);
    projectId = await createNodeAppProject(owner.client, 'Node app');
    const started = await owner.client.post(`/api/projects/${projectId}/dev-server`, {});
    expect(started.statusCode, started.body).toBe(200);
    expect(['starting', 'running']).toContain(started.json<{ state: string }>().state);
    const running = await waitForState(owner.client, projectId, 'running');
    previewUrl = onPreview(preview, running.previewUrl!);
  }, 60_000);
  afterAll(async () => {
    await preview?.close();
    await t?.close();
  });

  it('reports the command, the port and a preview link while it runs', async () => {
    const status = await devServerStatus(owner.client, projectId);
    expect(status).toMatchObject({ state: 'running', command: 'npm start', port: 3000 });
    // The project's own preview host, under PREVIEW_ORIGIN's (decision 0005).
    expect(status.previewUrl).toMatch(
      new RegExp(`^http://p-${projectId}\\.preview\\.kiln-test\\.example/p/[^/]+/$`),
    );
    expect(Date.parse(status.startedAt!)).toBeLessThanOrEqual(Date.now());
  });

  it("serves the app's page through the preview link, with the preview's scripts added", async () => {
    const response = await fetchPreview(previewUrl);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('Hello from the app');
    expect(page).toContain('<script src="/__kiln/console.js"></script>');
    expect(page).toContain('<script src="/__kiln/dev-socket.js"></script>');
    // Its root base is the link's folder, so a client-side router matches below it.
    expect(page).toContain(`<base href="${new URL(previewUrl).pathname.replace(/\/$/, '')}/">`);
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors');
  });

  it('passes paths, queries and bodies on without the link, and no cookies either way', async () => {
    const response = await fetchPreview(`${previewUrl}api/items?page=2`, {
      method: 'POST',
      body: 'hello',
      headers: { cookie: 'session_token=secret' },
    });
    const seen = (await response.json()) as Record<string, string | null>;
    const prefix = new URL(previewUrl).pathname.slice(0, -1);
    expect(seen).toEqual({
      method: 'POST',
      url: '/api/items?page=2',
      host: 'localhost',
      prefix,
      cookie: null,
      // The project's own database, through the app's bridge.
      database: '127.0.0.1:5432',
      npmCache: null,
    });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it("keeps the app's redirects, and its page's own absolute paths, under the link", async () => {
    const prefix = new URL(previewUrl).pathname.slice(0, -1);
    const redirect = await fetchPreview(`${previewUrl}go-home`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${prefix}/`);

    const origin = new URL(previewUrl).origin;
    const absolute = await fetchPreview(`${origin}/api/from-page`, {
      redirect: 'manual',
      headers: { referer: previewUrl },
    });
    expect(absolute.status).toBe(307);
    expect(absolute.headers.get('location')).toBe(`${prefix}/api/from-page`);
    const stranger = await fetchPreview(`${origin}/api/from-page`, {
      redirect: 'manual',
      headers: { referer: 'http://elsewhere.example/p/abc/' },
    });
    expect(stranger.status).toBe(404);
  });

  it('proxies an upgrade (a WebSocket) both ways, and refuses one without a valid link', async () => {
    const echoed = await upgradeAndSend(`${previewUrl}socket`, 'ping');
    expect(echoed).toEqual({ status: 101, answer: 'PING at /socket' });
    const origin = new URL(previewUrl).origin;
    expect((await upgradeAndSend(`${origin}/socket`, 'ping')).status).toBe(404);
    expect((await upgradeAndSend(`${origin}/p/not-a-token/socket`, 'ping')).status).toBe(404);
  });

  it('refuses a link without a valid token, and never takes a token to another project', async () => {
    const origin = new URL(previewUrl).origin;
    expect((await fetchPreview(`${origin}/p/not-a-token/`)).status).toBe(404);
    expect((await fetchPreview(`${origin}/`)).status).toBe(404);

    const other = await signUp(t.app);
    const site = await createProject(other.client, 'Static site');
    await createFile(other.client, site.id, 'index.html', { content: '<p>Static page</p>' });
    const link = await other.client.get(`/api/projects/${site.id}/preview`);
    const siteUrl = onPreview(preview, link.json<{ url: string }>().url);
    const page = await (await fetchPreview(siteUrl)).text();
    expect(page).toContain('Static page');
    expect(page).not.toContain('Hello from the app');
    const api = await fetchPreview(`${siteUrl}api/items`);
    expect(api.status).toBe(404);
  });

  it('answers 401 signed out and 404 for another person', async () => {
    const stranger = await signUp(t.app);
    const anonymous = new TestClient(t.app);
    const url = `/api/projects/${projectId}/dev-server`;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const body = method === 'POST' ? { body: {} } : {};
      const signedOut = await anonymous.request(method, url, body);
      expect(signedOut.statusCode, `${method} signed out`).toBe(401);
      const wrong = await stranger.client.request(method, url, body);
      expect(wrong.statusCode, `${method} by another person`).toBe(404);
    }
    expect((await t.app.inject({ url: `${url}/logs` })).statusCode).toBe(401);
    expect((await stranger.client.get(`${url}/logs`)).statusCode).toBe(404);
    expect((await devServerStatus(owner.client, projectId)).state).toBe('running');
  });

  it('refuses a malformed start with 400 and leaves the running app as it was', async () => {
    const before = await devServerStatus(owner.client, projectId);
    const url = `/api/projects/${projectId}/dev-server`;
    for (const body of [{ restart: 'yes' }, { restart: 1 }, [true]]) {
      const refused = await owner.client.post(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ error: string }>().error).toMatch(/restart|body|expected/i);
    }
    const after = await devServerStatus(owner.client, projectId);
    expect(after).toMatchObject({ state: 'running', startedAt: before.startedAt });
  });

  it('holds one plan’s worth of apps per person (Free: one)', async () => {
    const second = await createNodeAppProject(owner.client, 'Second app');
    const refused = await owner.client.post(`/api/projects/${second}/dev-server`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(refused.json<{ error: string }>().error).toMatch(/Free plan runs 1 app at a time/);
  });

  it('restarts on request, then reports a crash with its exit code in the status and the log', async () => {
    const before = await devServerStatus(owner.client, projectId);
    const restarted = await owner.client.post(`/api/projects/${projectId}/dev-server`, {
      restart: true,
    });
    expect(restarted.statusCode).toBe(200);
    const running = await waitForState(owner.client, projectId, 'running');
    expect(running.startedAt).not.toBe(before.startedAt);
    const url = onPreview(preview, running.previewUrl!);

    const logs = await openLog(t.app, owner.client, projectId);
    const readUntil = (pattern: RegExp) => logs.waitFor(pattern);
    await readUntil(/app listening on 3000/);

    await fetchPreview(`${url}crash`);
    const crashed = await waitForState(owner.client, projectId, 'crashed');
    expect(crashed).toMatchObject({ exitCode: 3, previewUrl: null });
    expect(crashed.message).toMatch(/exit code 3/);
    await readUntil(/"state":"crashed"/);
    expect(logs.text).toMatch(/exit code 3/);
    logs.close();
    // The link now shows the project's files: it has no index.html.
    expect((await fetchPreview(url)).status).toBe(404);
  });

  it("shows npm's install cache in the workspace to the app as an empty folder, and keeps it", async () => {
    await owner.client.delete(`/api/projects/${projectId}/dev-server`);
    const cache = path.join(t.app.workspaces.folderOf(projectId), '.npm');
    await mkdir(cache, { recursive: true });
    await writeFile(path.join(cache, 'kept.txt'), 'a cached tarball');
    await owner.client.post(`/api/projects/${projectId}/dev-server`, {});
    const running = await waitForState(owner.client, projectId, 'running');
    const seen = await fetchPreview(`${onPreview(preview, running.previewUrl!)}api/cache`);
    expect(((await seen.json()) as { npmCache: string[] }).npmCache).toEqual([]);
    await owner.client.delete(`/api/projects/${projectId}/dev-server`);
    expect(await readFile(path.join(cache, 'kept.txt'), 'utf8')).toBe('a cached tarball');
  });

  it('holds a request made while the app starts, and answers it from the app', async () => {
    await owner.client.delete(`/api/projects/${projectId}/dev-server`);
    const link = await owner.client.get(`/api/projects/${projectId}/preview`);
    const url = onPreview(preview, link.json<{ url: string }>().url);
    const started = await owner.client.post(`/api/projects/${projectId}/dev-server`, {});
    expect(started.json<{ state: string }>().state).toBe('starting');
    const page = await fetchPreview(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello from the app');
    await owner.client.delete(`/api/projects/${projectId}/dev-server`);
    // Stopped, the same link shows the project's files again: it has no index.html.
    expect((await fetchPreview(url)).status).toBe(404);
  });

  it('stops on DELETE, and the link goes back to the static preview', async () => {
    await owner.client.post(`/api/projects/${projectId}/dev-server`, {});
    const running = await waitForState(owner.client, projectId, 'running');
    const url = onPreview(preview, running.previewUrl!);
    const stopped = await owner.client.delete(`/api/projects/${projectId}/dev-server`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ state: 'stopped', previewUrl: null });
    expect((await fetchPreview(`${url}api/items`)).status).toBe(404);
  });

  it('stops the app of a project that is deleted', async () => {
    await owner.client.post(`/api/projects/${projectId}/dev-server`, {});
    await waitForState(owner.client, projectId, 'running');
    expect((await owner.client.delete(`/api/projects/${projectId}`)).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (t.app.devServers.status(projectId).state !== 'stopped' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(t.app.devServers.status(projectId)).toMatchObject({
      state: 'stopped',
      message: 'The project was deleted.',
    });
  });
});

describe('dev server limits of the Kiln server', needs('bwrap'), () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX: 'bubblewrap',
      PREVIEW_ORIGIN,
      DEV_SERVERS_MAX: '1',
      DEV_SERVER_IDLE_MINUTES: '0.03',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a start past DEV_SERVERS_MAX with 429, and stops an app nobody visits', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const firstApp = await createNodeAppProject(first.client, 'First');
    const secondApp = await createNodeAppProject(second.client, 'Second');
    expect((await first.client.post(`/api/projects/${firstApp}/dev-server`, {})).statusCode).toBe(
      200,
    );
    const refused = await second.client.post(`/api/projects/${secondApp}/dev-server`, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });

    await waitForState(first.client, firstApp, 'running');
    const stopped = await waitForState(first.client, firstApp, 'stopped');
    expect(stopped.message).toMatch(/without a visit to its preview/);
    expect((await second.client.post(`/api/projects/${secondApp}/dev-server`, {})).statusCode).toBe(
      200,
    );
    await waitForState(second.client, secondApp, 'running');
  }, 60_000);
});

describe('a Go app on a server whose Go is older than its go.mod asks', needs('bwrap'), () => {
  let t: TestApp;
  let stubs: string;

  beforeAll(async () => {
    // The runtimes are looked for on this folder alone, where `go` is Debian 12's.
    stubs = await mkdtemp(path.join(os.tmpdir(), 'kiln-old-go-'));
    await writeFile(path.join(stubs, 'go'), '#!/bin/sh\necho "go version go1.19.8 linux/amd64"\n');
    await chmod(path.join(stubs, 'go'), 0o755);
    t = await createTestApp(
      { SANDBOX: 'bubblewrap', PREVIEW_ORIGIN },
      { runtimeSearchPath: stubs },
    );
  });
  afterAll(async () => {
    await t?.close();
    await rm(stubs, { recursive: true, force: true });
  });

  it('is refused before it builds, naming the Go it needs', async () => {
    const { client } = await signUp(t.app);
    const project = await createProject(client, 'Go app');
    await createFile(client, project.id, 'go.mod', {
      content: 'module example.com/app\n\ngo 1.22\n',
    });
    await createFile(client, project.id, 'main.go', {
      content: 'package main\n\nfunc main() {}\n',
    });
    expect((await client.post(`/api/projects/${project.id}/dev-server`, {})).statusCode).toBe(200);
    const crashed = await waitForState(client, project.id, 'crashed');
    expect(crashed).toMatchObject({
      command: 'go run -gcflags=all=-dwarf=false -ldflags=-s .',
      exitCode: null,
      message:
        'Go 1.19.8 on this Kiln server is older than the 1.22 needed: install Go 1.22 or newer ' +
        'to run this project.',
    });
  });
});
