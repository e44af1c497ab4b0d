// A save on a server whose disk is full, for real: the embedded database and DATA_DIR on a small
// tmpfs, filled to the last byte. Mounting one takes root, as CI runs; elsewhere the file is
// skipped with the reason, and lib/error-handler.test.ts still proves the mapping.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HealthSchema, type ProjectFile } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { loadEnv } from '../../env';
import { expectError } from '../../test/assertions';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createProject, expectProjectFile } from '../../test/project-files';

const isRoot = process.getuid?.() === 0;
const skipReason = 'needs root to mount a small tmpfs (CI runs as root)';

/** Writes until the disk refuses: nothing is left for the database to grow into. */
async function fillDisk(file: string) {
  const handle = await fs.open(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024, 1);
  try {
    for (;;) await handle.write(chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Text that compresses poorly, so the database must find new pages for it. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64');

describe.skipIf(!isRoot)('a save when the disk is full', () => {
  let mount: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let client: TestClient;
  let file: ProjectFile;
  const filler = () => path.join(mount, 'filler');

  beforeAll(async () => {
    mount = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-disk-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=192m', 'tmpfs', mount]);
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(mount, 'db') });
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(mount, 'data'),
      PUBLIC_URL: 'http://kiln.test',
      DISK_FREE_WARNING_MB: '32',
    });
    app = await buildApp({ env, database, clientDir: false, logger: false });
    await app.ready();
    ({ client } = await signUp(app));
    const project = await createProject(client);
    const response = await client.get(`/api/files/${project.id}/content?path=index.js`);
    file = expectProjectFile(response.json());
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (mount) {
      execFileSync('umount', [mount]);
      await fs.rm(mount, { recursive: true, force: true });
    }
  });

  const health = async () => HealthSchema.parse((await client.get('/api/health')).json()).disk;

  it('warns in /api/health, refuses the save with 507 and keeps the file, then saves once there is room', async () => {
    expect(await health()).toMatchObject({ warningBelowMb: 32, ok: true });

    await fillDisk(filler());
    expect(await health()).toMatchObject({ freeMb: 0, ok: false });

    const content = incompressible(2 * 1024 * 1024);
    const refused = await client.patch(`/api/files/${file.id}`, {
      content,
      baseVersion: file.version,
    });
    expectError(refused, 507, 'DISK_FULL');
    expect(refused.json<{ error: string }>().error).toBe(
      "The server's disk is full; your change was not saved",
    );
    const unchanged = await client.get(`/api/files/${file.projectId}/content?path=index.js`);
    expect(expectProjectFile(unchanged.json())).toMatchObject({
      content: file.content,
      version: file.version,
    });

    // Room again: the same save, retried as the editor retries it, goes through.
    await fs.rm(filler());
    const saved = await client.patch(`/api/files/${file.id}`, {
      content,
      baseVersion: file.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(expectProjectFile(saved.json())).toMatchObject({ content, version: file.version + 1 });
    expect((await health()).ok).toBe(true);
  });
});

describe.runIf(!isRoot)('a save when the disk is full, on this machine', () => {
  it.skip(skipReason, () => undefined);
});
