import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { DevServerStatusSchema, type DevServerStatus } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '../../test/client';
import { createFile, createProject } from '../../test/project-files';

/**
 * A plain Node app with no packages: a page, an echo of what it was asked, a crash on request,
 * and a raw upgrade (no WebSocket package) that answers what it is sent in capitals.
 */
export const NODE_APP = `const http = require('node:http');
const server = http.createServer((request, response) => {
  if (request.url === '/crash') {
    response.end('bye');
    setTimeout(() => process.exit(3), 20);
    return;
  }
  if (request.url === '/') {
    response.setHeader('content-type', 'text/html');
    return response.end('<!doctype html><html><head><base href="/"><title>App</title></head><body>Hello from the app</body></html>');
  }
  if (request.url === '/go-home') {
    response.writeHead(302, { location: '/' });
    return response.end();
  }
  response.setHeader('set-cookie', 'planted=1');
  response.end(JSON.stringify({
    method: request.method,
    url: request.url,
    host: request.headers.host,
    prefix: request.headers['x-forwarded-prefix'] ?? null,
    cookie: request.headers.cookie ?? null,
    database: process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).host : null,
    npmCache: require('node:fs').existsSync('.npm') ? require('node:fs').readdirSync('.npm') : null,
  }));
});
server.on('upgrade', (request, socket) => {
  socket.write('HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: kiln-echo\\r\\nConnection: Upgrade\\r\\n\\r\\n');
  socket.on('data', (chunk) => socket.write(chunk.toString().toUpperCase() + ' at ' + request.url));
});
server.listen(Number(process.env.PORT), process.env.HOST, () => console.log('app listening on ' + process.env.PORT));
`;

/** A project of the signed-in person holding NODE_APP behind a package.json start script. */
export async function createNodeAppProject(client: TestClient, name: string): Promise<string> {
  const project = await createProject(client, name);
  await createFile(client, project.id, 'package.json', {
    content: JSON.stringify({ name: 'app', private: true, scripts: { start: 'node server.js' } }),
  });
  await createFile(client, project.id, 'server.js', { content: NODE_APP });
  return project.id;
}

export async function devServerStatus(
  client: TestClient,
  projectId: string,
): Promise<DevServerStatus> {
  const response = await client.get(`/api/projects/${projectId}/dev-server`);
  expect(response.statusCode, response.body).toBe(200);
  return DevServerStatusSchema.parse(response.json());
}

/** Polls the status until it is in `state`; fails with the last status after `timeoutMs`. */
export async function waitForState(
  client: TestClient,
  projectId: string,
  state: DevServerStatus['state'],
  timeoutMs = 30_000,
): Promise<DevServerStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await devServerStatus(client, projectId);
    if (status.state === state) return status;
    if (Date.now() > deadline) {
      throw new Error(`still ${status.state}, not ${state}: ${JSON.stringify(status)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A preview link on the test's preview server: its host stays the project's own preview host (a
 * test name), its port becomes the server's. Reach it with `fetchPreview` or `upgradeAndSend`.
 */
export function onPreview(preview: FastifyInstance, link: string): string {
  const { port } = preview.server.address() as AddressInfo;
  const url = new URL(link);
  url.port = String(port);
  return url.toString();
}

/**
 * Where a request for a preview URL goes: the preview server on 127.0.0.1, asked for the URL's
 * own host in the Host header, as a browser that resolves the project's name would ask it (Node
 * resolves no test name, and its fetch sends no Host header of ours).
 */
function previewTarget(url: string) {
  const target = new URL(url);
  return {
    host: '127.0.0.1',
    port: Number(target.port),
    path: `${target.pathname}${target.search}`,
    headers: { host: target.host },
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** fetch for a preview URL (see `previewTarget`): a Response, redirects followed unless 'manual'. */
export async function fetchPreview(
  url: string,
  init: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    redirect?: 'follow' | 'manual';
  } = {},
): Promise<Response> {
  const target = previewTarget(url);
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpRequest({
      ...target,
      method: init.method ?? 'GET',
      headers: { ...init.headers, ...target.headers },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(init.body);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  const status = answer.statusCode ?? 0;
  const location = answer.headers.location;
  if (REDIRECTS.has(status) && location && init.redirect !== 'manual') {
    const method = status === 303 ? 'GET' : init.method;
    return fetchPreview(new URL(location, url).toString(), { ...init, method });
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const each of Array.isArray(value) ? value : [value ?? '']) headers.append(name, each);
  }
  const empty = status === 204 || status === 304 || init.method === 'HEAD';
  return new Response(empty ? null : Buffer.concat(chunks), { status, headers });
}

/** Opens a raw upgrade at a preview `url`, sends `text`, and answers the status, or what came back. */
export function upgradeAndSend(
  url: string,
  text: string,
): Promise<{ status: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const target = previewTarget(url);
    const request = httpRequest({
      ...target,
      headers: {
        ...target.headers,
        connection: 'Upgrade',
        upgrade: 'kiln-echo',
        cookie: 'session_token=secret',
      },
    });
    request.on('upgrade', (_response, socket: Duplex) => {
      socket.once('data', (chunk: Buffer) => {
        socket.destroy();
        resolve({ status: 101, answer: chunk.toString() });
      });
      socket.write(text);
    });
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, answer: '' });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The dev server's log as a test reads it: the stream's text so far, and a wait for more. */
export function openLog(
  app: FastifyInstance,
  client: TestClient,
  projectId: string,
): Promise<{ text: string; waitFor(pattern: RegExp): Promise<void>; close(): void }> {
  const { port } = app.server.address() as AddressInfo;
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `http://127.0.0.1:${port}/api/projects/${projectId}/dev-server/logs`,
      { headers: { cookie }, agent: false },
    );
    request.on('response', (response) => {
      expect(response.headers['content-type']).toContain('text/event-stream');
      let changed = () => undefined as void;
      const log = {
        text: '',
        async waitFor(pattern: RegExp) {
          while (!pattern.test(log.text)) {
            await new Promise<void>((done) => (changed = done));
          }
        },
        close: () => request.destroy(),
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        log.text += chunk;
        changed();
      });
      resolve(log);
    });
    request.on('error', reject);
    request.end();
  });
}
