import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Project, SqlResult } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProjectDatabases } from './project-databases';

/**
 * The smallest Emscripten side module that runs JavaScript when PGlite loads it: the loader
 * evaluates its EM_JS string, and `0;` ends the function that string is meant to define, so
 * the rest runs at once. Without the library guard, loading it writes `marker` on the server.
 */
function sideModule(marker: string): Buffer {
  const javascript = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`;
  const uleb = (value: number) => {
    const out: number[] = [];
    do {
      let byte = value & 0x7f;
      value >>>= 7;
      if (value) byte |= 0x80;
      out.push(byte);
    } while (value);
    return out;
  };
  const name = (text: string) => [...uleb(Buffer.byteLength(text)), ...Buffer.from(text)];
  const section = (id: number, bytes: number[]) => [id, ...uleb(bytes.length), ...bytes];
  const payload = [...Buffer.from(`(void)<::>0;${javascript}`), 0];
  const memoryInfo = [...uleb(payload.length + 16), 0, 0, 0];
  const imports = [2, ...name('env'), ...name('memory'), 2, 0, 0];
  imports.push(...name('env'), ...name('__memory_base'), 3, 0x7f, 0);
  return Buffer.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(0, [...name('dylink.0'), 1, ...uleb(memoryInfo.length), ...memoryInfo]),
    ...section(2, imports),
    ...section(6, [1, 0x7f, 0, 0x41, 0, 0x0b]),
    ...section(7, [1, ...name('__em_js__run'), 3, 1]),
    ...section(11, [1, 0, 0x23, 0, 0x0b, ...uleb(payload.length), ...payload]),
  ]);
}

/** Writes the library into the database's folder, as any PGlite query may. */
const writeLibrary = (marker: string) =>
  `select lo_from_bytea(4243, '\\x${sideModule(marker).toString('hex')}'::bytea);
   select lo_export(4243, '/pglite/data/evil.so')`;

describe('libraries in project databases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads no library a query wrote, so SQL cannot run code on the server', async () => {
    const owner = await signUp(t.app);
    const project = (await owner.client.post('/api/projects', { name: 'Guard' })).json<Project>();
    const run = async (query: string) =>
      (
        await owner.client.post('/api/database/execute', { projectId: project.id, query })
      ).json<SqlResult>();
    const marker = path.join(t.dataDir, 'library-ran');
    const hostCopy = path.join(t.dataDir, 'project-databases', project.id, 'evil.so');

    // A superuser (every PGlite query is one) may write any bytes to the database's folder.
    expect(await run(writeLibrary(marker))).toMatchObject({ error: null });
    expect(await fs.readFile(hostCopy)).toEqual(sideModule(marker));
    for (const load of [
      "load '/pglite/data/evil.so'",
      "create function f() returns int as '/pglite/data/evil.so', 'f' language c",
      `load '${hostCopy}'`,
    ]) {
      // Refused, or (the second time) found as the empty stub the refused load left behind.
      expect((await run(load)).error).toMatch(/could not (load|access)|incompatible library/);
    }
    await expect(fs.access(marker)).rejects.toThrow();
    // PGlite's own libraries still load: PL/pgSQL is one.
    const plpgsql = await run(
      'create function two() returns int language plpgsql as $$ begin return 2; end $$; select two()',
    );
    expect(plpgsql).toMatchObject({ error: null, rows: [{ two: 2 }] });
  });

  it('loads none at start-up either, whatever ALTER SYSTEM says', async () => {
    const databases = await createProjectDatabases({
      env: { DATA_DIR: t.dataDir, SECRET_KEY: undefined, PROJECTS_DATABASE_URL: undefined },
      log: t.app.log,
      // Closed as soon as it is idle, so the next query starts PostgreSQL again.
      pool: { idleMs: 20 },
    });
    const marker = path.join(t.dataDir, 'library-ran-at-start');
    const projectId = randomUUID();
    try {
      for (const query of [
        writeLibrary(marker),
        "alter system set shared_preload_libraries = '/pglite/data/evil.so'",
      ]) {
        expect((await databases.execute(projectId, query)).execution.error).toBeNull();
      }
      await expect.poll(() => databases.openCount, { timeout: 10_000 }).toBe(0);
      const restarted = await databases.execute(projectId, 'show shared_preload_libraries');
      expect(restarted.execution.rows).toEqual([['']]);
      await expect(fs.access(marker)).rejects.toThrow();
    } finally {
      await databases.close();
    }
  });
});
