import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { inject } from 'vitest';
import { migrationsFolder } from '../db/client';
import { openPglite } from '../db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty embedded database with every migration applied (global-setup.ts). */
    migratedPglite: string;
  }
}

/**
 * Makes the dump every test's embedded database starts from, once per run: creating a cluster
 * and applying the migrations costs about 3 s, loading a copy of the result about 1 s, and the
 * suite opens hundreds. Answers the file it wrote.
 */
export async function writeMigratedPglite(): Promise<string> {
  const client = openPglite(undefined);
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
    const dump = await client.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `kiln-test-pglite-${process.pid}.tar`);
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

let copy: Promise<Blob> | undefined;

/**
 * The dump to start a test's database from, read once per test file; undefined when the run
 * made none (a file run outside the server project), so the database starts empty and migrates.
 */
export function migratedPglite(): Promise<Blob> | undefined {
  const file = inject('migratedPglite');
  if (!file) return undefined;
  copy ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  return copy;
}
