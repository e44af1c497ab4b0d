import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { loadEnv } from '../env';
import { openTestDatabase } from './database';

export interface Instances {
  apps: FastifyInstance[];
  database: DatabaseHandle;
  /** One more instance of the deployment, closed with the others if the test does not close it. */
  startAnother(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * Instances of one deployment: one database, one Redis, one key prefix, each app with a data
 * folder of its own and no background jobs. `listen` puts them on ports (for WebSockets).
 */
export async function startInstances(options: {
  count: number;
  redisUrl: string;
  settings?: Record<string, string>;
  listen?: boolean;
}): Promise<Instances> {
  const database = await openTestDatabase();
  const redisPrefix = `kiln-test-${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const extra: FastifyInstance[] = [];
  const dataDirs: string[] = [];
  const startOne = async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-test-'));
    dataDirs.push(dataDir);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://kiln.test',
      REDIS_URL: options.redisUrl,
      ...options.settings,
    });
    const app = await buildApp({
      env,
      database,
      clientDir: false,
      logger: false,
      redisPrefix,
      worker: false,
    });
    if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  for (let started = 0; started < options.count; started += 1) apps.push(await startOne());
  return {
    apps,
    database,
    async startAnother() {
      const app = await startOne();
      extra.push(app);
      return app;
    },
    async close() {
      // Closing twice is harmless: a test may have closed its extra instance already.
      for (const app of [...apps, ...extra]) await app.close();
      await database.close();
      for (const dataDir of dataDirs) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
