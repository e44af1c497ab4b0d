import http from 'node:http';
import { startGitServer } from '../../server/src/test/git-server';

/**
 * The Git host of the e2e suite, on 127.0.0.1:GIT_SERVER_PORT: a real `git http-backend` with
 * token authentication and Gitea's few REST calls (server/src/test/git-server.ts), which
 * listens on a port of its own choosing, so this forwards the fixed port to it. Specs create
 * repositories with POST /_e2e/repos (`{ owner, name, isPublic? }`: a public one can be read
 * without a token); everything else is the host's.
 */
const port = Number(process.env.GIT_SERVER_PORT);
const token = process.env.GIT_SERVER_TOKEN;
if (!Number.isInteger(port) || port <= 0) throw new Error('GIT_SERVER_PORT must be a port');
if (!token) throw new Error('GIT_SERVER_TOKEN is required');

const host = await startGitServer({ token, api: 'gitea' });
const inner = new URL(host.baseUrl);
const outer = `http://127.0.0.1:${port}`;

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function createRepo(request: http.IncomingMessage, response: http.ServerResponse) {
  const { owner, name, isPublic } = JSON.parse((await readBody(request)).toString('utf8')) as {
    owner?: unknown;
    name?: unknown;
    isPublic?: unknown;
  };
  const segment = /^[A-Za-z0-9_.-]+$/;
  if (typeof owner !== 'string' || typeof name !== 'string') throw new Error('owner and name');
  if (!segment.test(owner) || !segment.test(name)) throw new Error('owner and name');
  await host.createRepo(owner, name, { public: isPublic === true });
  response.writeHead(201).end();
}

const server = http.createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/_e2e/repos') {
    createRepo(request, response).catch((error: unknown) => {
      response.writeHead(400).end(String(error));
    });
    return;
  }
  const forwarded = http.request(
    {
      host: inner.hostname,
      port: inner.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: inner.host },
    },
    (answer) => {
      // The REST answers name repositories by the host's address: this one, not the inner one.
      if (!request.url?.startsWith('/api/v1/')) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      void readBody(answer).then((body) => {
        const text = body.toString('utf8').replaceAll(host.baseUrl, outer);
        // Sent whole with its new length: the inner server's chunked framing no longer applies.
        const headers = {
          'content-type': answer.headers['content-type'] ?? 'application/json',
          'content-length': String(Buffer.byteLength(text)),
        };
        response.writeHead(answer.statusCode ?? 502, headers).end(text);
      });
    },
  );
  forwarded.on('error', () => response.writeHead(502).end());
  request.pipe(forwarded);
});

server.listen(port, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close();
    void host.close().then(() => process.exit(0));
  });
}
