// Kiln and its preview server built in a benchmark's own process on the embedded database, with
// real bubblewrap sandboxes, and one person signed up: what the dev-server benchmarks share.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadEnv } from '../../server/src/env';
import { buildPreviewApp } from '../../server/src/modules/preview';
import { embeddedEngine, inject } from './in-process';

export interface KilnWithPreview {
  app: FastifyInstance;
  /** The signed-in person's cookies, for `inject`. */
  cookies: Map<string, string>;
  /**
   * A preview link on this preview server's port: its host stays the project's
   * `p-<id>.localhost`, which Chromium resolves, and Node with `localhostLookup`.
   */
  onPreview: (link: string) => string;
  /** Sends a request as the signed-in person. */
  call: (
    method: Parameters<typeof inject>[2],
    url: string,
    body?: unknown,
  ) => ReturnType<typeof inject>;
  close(): Promise<void>;
}

export async function startKilnWithPreview(options: {
  /** Names the data folder and the account. */
  label: string;
  publicUrl: string;
  settings?: Record<string, string>;
}): Promise<KilnWithPreview> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `kiln-bench-${options.label}-`));
  const engine = await embeddedEngine(dataDir);
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: options.publicUrl,
    SANDBOX: 'bubblewrap',
    ...options.settings,
  });
  const app = await buildApp({ env, database: engine.database, clientDir: false, logger: false });
  const preview = await buildPreviewApp({
    env,
    database: engine.database,
    devServers: (projectId) => app.devServers.target(projectId),
  });
  await app.ready();
  await preview.listen({ port: 0, host: '127.0.0.1' });
  const cookies = new Map<string, string>();
  const call: KilnWithPreview['call'] = (method, url, body) =>
    inject(app, cookies, method, url, body);
  const close = async () => {
    await preview.close();
    await app.close();
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await call('GET', '/api/health');
    await call('POST', '/api/auth/register', {
      email: `bench-${options.label}-${Date.now()}@example.com`,
      password: 'bench-password',
      name: 'Bench',
    });
  } catch (error) {
    await close();
    throw error;
  }
  const previewPort = (preview.server.address() as AddressInfo).port;
  const onPreview = (link: string) => {
    const url = new URL(link);
    url.port = String(previewPort);
    return url.toString();
  };
  return { app, cookies, onPreview, call, close };
}
