import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { DatabaseHandle } from '../db/client';
import { loadEnv, type Env } from '../env';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a real, empty database; `settings` are environment variables as strings. */
export async function createTestApp(
  settings: Record<string, string> = {},
  overrides: Pick<BuildAppOptions, 'aiProviders'> = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://kiln.test',
    ...settings,
  });
  const database = await openTestDatabase();
  const app = await buildApp({ env, database, clientDir: false, logger: false, ...overrides });
  await app.ready();
  return {
    app,
    env,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
