import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTestFiles } from './database-test-files.mjs';

describe('the test files of the PostgreSQL pass', () => {
  const server = mkdtempSync(path.join(os.tmpdir(), 'kiln-pass-'));
  afterAll(() => rmSync(server, { recursive: true, force: true }));
  const write = (file: string, source: string) => {
    mkdirSync(path.dirname(path.join(server, file)), { recursive: true });
    writeFileSync(path.join(server, file), source);
  };

  it('are those that reach a test app, a test database or their settings, through any import', () => {
    write('src/test/app.ts', "export const createTestApp = () => 'app';\n");
    write('src/test/database.ts', "export const openTestDatabase = () => 'db';\n");
    write('src/a/direct.test.ts', "import { createTestApp } from '../test/app';\n");
    write('src/a/helper.ts', "export { openTestDatabase } from '../test/database';\n");
    write('src/a/index.ts', "export * from './helper';\n");
    write('src/b/through-index.test.ts', "import { openTestDatabase } from '../a';\n");
    write('src/b/settings.test.ts', 'const url = process.env.TEST_REDIS_URL;\n');
    write('src/b/lazy.test.ts', "const app = await import('../test/app');\n");
    // A cycle whose far end reaches the database.
    write('src/c/one.ts', "import { two } from './two';\nexport const one = two;\n");
    write(
      'src/c/two.ts',
      "import { one } from './one';\nimport '../test/app';\nexport const two = 2;\n",
    );
    write('src/c/cycle.test.ts', "import { one } from './one';\n");
    write('src/c/pure.ts', "import { other } from './other';\nexport const pure = other;\n");
    write('src/c/other.ts', "import { pure } from './pure';\nexport const other = 1;\n");
    write(
      'src/c/pure.test.ts',
      "import { pure } from './pure';\nimport type { X } from '@kiln/shared';\n",
    );
    write('src/modules/dev-server/template-apps.test.ts', "import '../../test/app';\n");

    expect(databaseTestFiles(server)).toEqual([
      'src/a/direct.test.ts',
      'src/b/lazy.test.ts',
      'src/b/settings.test.ts',
      'src/b/through-index.test.ts',
      'src/c/cycle.test.ts',
    ]);
  });

  it("in Kiln's own server, leave out only files that never touch the database", () => {
    const files = databaseTestFiles();
    expect(files).toContain('src/modules/files/files.test.ts');
    // Reaches its test app through a helper of its own folder.
    expect(files).toContain('src/test/hostile-workspace.test.ts');
    expect(files).toContain('src/jobs/job-queue.test.ts');
    expect(files).not.toContain('src/modules/git-sync/three-way-merge.test.ts');
    expect(files).not.toContain('src/modules/dev-server/template-apps.test.ts');
    expect(files.filter((file) => file.startsWith('src/sandbox/'))).toEqual([]);
  });
});
