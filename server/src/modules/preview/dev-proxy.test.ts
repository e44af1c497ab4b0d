import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DevServerStatusSchema, type DevServerStatus } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { projects } from '../projects/tables';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import { ACCESS_GENERATION_MAX_AGE_MS } from './access-generations';
import { buildPreviewApp } from './app';

const PREVIEW_ORIGIN = 'http://preview.kiln-test.example';

/**
 * A project's app that asks for more than a page may have: a service worker script allowed to
 * control the whole origin, a page that wipes the origin's storage, a cookie, and a raw upgrade
 * that echoes what it is sent.
 */
const GREEDY_APP = `const http = require('node:http');
const server = http.createServer((request, response) => {
  response.setHeader('service-worker-allowed', '/');
  response.setHeader('clear-site-data', '"*"');
  response.setHeader('set-cookie', 'planted=1; Path=/');
  if (request.url === '/sw.js') {
    response.setHeader('content-type', 'text/javascript');
    return response.end('self.addEventListener("fetch", () => {});');
  }
  response.setHeader('content-type', 'text/html');
  response.end('<!doctype html><html><head><title>Greedy</title></head><body>Greedy app</body></html>');
});
server.on('upgrade', (request, socket) => {
  socket.write('HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: kiln-echo\\r\\nConnection: Upgrade\\r\\n\\r\\n');
  socket.on('data', (chunk) => socket.write('echo ' + chunk));
});
server.listen(Number(process.env.PORT), process.env.HOST);
`;

/** What a request to the preview server, sent to `url`'s host, came back with. */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The running app behind a preview link (decision 0020) answers through the same checks as the
 * static files: its project's own host, a link of the current access generation, and none of the
 * headers that would let its page reach past its link.
 */
describe('the dev-server proxy behind a project preview host', needs('bwrap'), () => {
  let t: TestApp;
  let preview: FastifyInstance;
  let port: number;
  let owner: { client: TestClient };
  let projectId: string;
  let appUrl: URL;

  /** A GET of `url`'s path, sent to the preview server as a browser asking `url`'s host would. */
  function get(url: URL, host = url.host): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        path: url.pathname + url.search,
        headers: { host, accept: 'text/html' },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      request.on('error', reject);
      request.end();
    });
  }

  /** Opens an upgrade at `url` on `host`: the open socket, or the status it was refused with. */
  function upgrade(url: URL, host = url.host): Promise<Duplex | number> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        path: url.pathname,
        headers: { host, connection: 'Upgrade', upgrade: 'kiln-echo' },
      });
      request.on('upgrade', (_response, socket: Duplex) => resolve(socket));
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
  }

  async function status(): Promise<DevServerStatus> {
    const response = await owner.client.get(`/api/projects/${projectId}/dev-server`);
    expect(response.statusCode, response.body).toBe(200);
    return DevServerStatusSchema.parse(response.json());
  }

  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX: 'bubblewrap',
      PREVIEW_ORIGIN,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    preview = await buildPreviewApp({
      env: t.env,
      database: t.database,
      devServers: (id) => t.app.devServers.target(id),
    });
    await preview.listen({ port: 0, host: '127.0.0.1' });
    port = (preview.server.address() as AddressInfo).port;
    owner = await signUp(t.app);
    const project = await createProject(owner.client, 'Greedy');
    projectId = project.id;
    await createFile(owner.client, projectId, 'package.json', {
      content: JSON.stringify({ name: 'greedy', private: true, scripts: { start: 'node app.js' } }),
    });
    await createFile(owner.client, projectId, 'app.js', { content: GREEDY_APP });
    const started = await owner.client.post(`/api/projects/${projectId}/dev-server`, {});
    expect(started.statusCode, started.body).toBe(200);
    const deadline = Date.now() + 30_000;
    let running = await status();
    while (running.state !== 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = await status();
    }
    expect(running.state, JSON.stringify(running)).toBe('running');
    appUrl = new URL(running.previewUrl!);
  }, 60_000);
  afterAll(async () => {
    await preview?.close();
    await t?.close();
  });

  it("serves the app on its project's host without the headers that reach past the link", async () => {
    expect(appUrl.hostname).toBe(`p-${projectId}.preview.kiln-test.example`);
    for (const path of ['', 'sw.js']) {
      const answer = await get(new URL(path, appUrl));
      expect(answer.status, path).toBe(200);
      expect(answer.body).toMatch(path ? /addEventListener/ : /Greedy app/);
      expect(answer.headers['service-worker-allowed'], path).toBeUndefined();
      expect(answer.headers['clear-site-data'], path).toBeUndefined();
      expect(answer.headers['set-cookie'], path).toBeUndefined();
      expect(answer.headers['content-security-policy']).toContain('frame-ancestors');
    }
  });

  it("never shows the app on another project's host or the bare preview host", async () => {
    const other = await createProject((await signUp(t.app)).client, 'Neighbour');
    for (const host of [
      `p-${other.id}.preview.kiln-test.example`,
      'preview.kiln-test.example',
      '127.0.0.1',
    ]) {
      const answer = await get(appUrl, host);
      expect(answer.status, host).toBe(404);
      expect(answer.body, host).not.toContain('Greedy app');
      expect(await upgrade(new URL('socket', appUrl), host), host).toBe(404);
    }
  });

  it('cuts an open WebSocket within seconds of the link being revoked', async () => {
    const socket = await upgrade(new URL('socket', appUrl));
    if (typeof socket === 'number') throw new Error(`upgrade refused with ${socket}`);
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.on('error', () => undefined);
    const echoed = new Promise<string>((resolve) =>
      socket.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    socket.write('ping');
    expect(await echoed).toBe('echo ping');

    const revokedAt = Date.now();
    await t.database.db
      .update(projects)
      .set({ accessGeneration: sql`${projects.accessGeneration} + 1` })
      .where(eq(projects.id, projectId));
    const closedAt = await closed;
    expect(closedAt - revokedAt).toBeLessThanOrEqual(ACCESS_GENERATION_MAX_AGE_MS + 2500);

    const refused = await get(appUrl);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('Preview link revoked');
    expect(refused.body).not.toContain('Greedy app');
    expect(await upgrade(new URL('socket', appUrl))).toBe(404);
    // The status hands out a link of the new generation, which reaches the app.
    const renewed = new URL((await status()).previewUrl!);
    expect((await get(renewed)).body).toContain('Greedy app');
  });
});
