import { randomBytes } from 'node:crypto';
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
  /** Waits until the background jobs due now have run (mail is sent as a job). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The real app on a real, empty database; `settings` are environment variables as strings. */
export async function createTestApp(
  settings: Record<string, string> = {},
  overrides: Pick<
    BuildAppOptions,
    'aiProviders' | 'worker' | 'logger' | 'logStream' | 'runtimeSearchPath'
  > = {},
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
  // With TEST_REDIS_URL (CI sets it) the jobs run on BullMQ, each app under keys of its own.
  const redisUrl = process.env.TEST_REDIS_URL;
  const redisPrefix = `kiln-test-${randomBytes(6).toString('hex')}`;
  const app = await buildApp({
    env: redisUrl && !settings.REDIS_URL ? { ...env, REDIS_URL: redisUrl } : env,
    database,
    clientDir: false,
    logger: false,
    redisPrefix,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    env,
    database,
    dataDir,
    settled: () => jobsSettled(app),
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls the queue until nothing is due or running; fails after `timeoutMs`. */
export async function jobsSettled(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await app.jobs.counts();
    if (counts.waiting === 0 && counts.running === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still pending: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
