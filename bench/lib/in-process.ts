// Kiln built inside a benchmark's own process, on the embedded database or a throwaway
// PostgreSQL database, and requests injected into it as a signed-in browser would send them.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';

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
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `kiln_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    label: 'PostgreSQL',
    database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
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
