import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client from the same origin as the API. Hashed assets are cached for a
 * year; index.html never is, so a deploy is picked up at once. Unknown non-API paths get
 * index.html and the client router shows its 404 page.
 */
const isSourceMap = (pathName: string) => pathName.endsWith('.map');

export async function serveClientApp(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Source maps stay on the server: they would hand the public the client's source.
    allowedPath: (pathName) => !isSourceMap(pathName),
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.callNotFound();
    }
    const relative = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '');
    const candidate = path.join(clientDir, relative);
    if (
      relative &&
      !isSourceMap(relative) &&
      candidate.startsWith(clientDir + path.sep) &&
      existsSync(candidate) &&
      !relative.endsWith('/')
    ) {
      return reply.sendFile(relative);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
