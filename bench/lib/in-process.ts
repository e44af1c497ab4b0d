// Kiln built inside a benchmark's own process, on the embedded database or a throwaway
// PostgreSQL database, and requests injected into it as a signed-in browser would send them.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { throwawayDatabase } from './postgres-database';

export interface Engine {
  label: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function embeddedEngine(dataDir: string): Promise<Engine> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  return { label: 'embedded', database, close: () => database.close() };
}

export async function postgresEngine(serverUrl: string): Promise<Engine> {
  const throwaway = await throwawayDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
  return {
    label: 'PostgreSQL',
    database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

export async function inject(
  app: FastifyInstance,
  cookies: Map<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const headers: Record<string, string> = {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
  const csrf = cookies.get('csrf_token');
  if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  for (const cookie of response.cookies as { name: string; value: string }[]) {
    cookies.set(cookie.name, cookie.value);
  }
  return response;
}
