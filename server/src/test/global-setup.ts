import fs from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { writeMigratedPglite } from './pglite-copy';

/** Once per run, before the server's test files: the migrated database they start from. */
export default async function setup(project: TestProject) {
  // Against PostgreSQL each test makes a database of its own there instead.
  if (process.env.TEST_DATABASE_URL) return;
  const file = await writeMigratedPglite();
  project.provide('migratedPglite', file);
  return async () => {
    await fs.rm(file, { force: true });
  };
}
