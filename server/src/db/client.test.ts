import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('the embedded database on disk', () => {
  let parent = '';
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('keeps its folder to Kiln alone, even one that was left open', async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'kiln-db-'));
    const folder = path.join(parent, 'pglite');
    await mkdir(folder);
    await chmod(folder, 0o755);
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    await database.close();
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });
});
