import { sql } from 'drizzle-orm';
import type { Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { multipartBody } from '../test/multipart';
import { createUpkeepJobs } from './upkeep-jobs';

describe('database upkeep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('analyses, vacuums and merges the search index on either database', async () => {
    const { databaseUpkeep } = createUpkeepJobs(t.database);
    await databaseUpkeep.handle(
      {},
      { attempt: 1, signal: new AbortController().signal, log: t.app.log },
    );
    const [files] = await queryRows<{ analysed: boolean }>(
      t.database.db,
      sql`select last_analyze is not null or last_autoanalyze is not null as analysed
          from pg_stat_user_tables where relname = 'files'`,
    );
    expect(files?.analysed).toBe(true);
  });

  // Only the embedded database lacks autovacuum; on PostgreSQL nothing is scheduled. The job is
  // read from the jobs table, where the embedded queue keeps it.
  it.runIf(!process.env.TEST_DATABASE_URL && !process.env.TEST_REDIS_URL)(
    'runs after a bulk import into the embedded database',
    async () => {
      const { client } = await signUp(t.app);
      const project = (await client.post('/api/projects', { name: 'Bulk' })).json<Project>();
      const { body, headers } = multipartBody(
        Array.from({ length: 120 }, (_, index) => ({
          field: 'files',
          filename: `src/file-${index}.js`,
          contentType: 'text/javascript',
          content: `export const value${index} = ${index};\n`,
        })),
      );
      const upload = await client.post(`/api/files/upload/${project.id}`, body, { headers });
      expect(upload.statusCode, upload.body).toBe(200);
      const upkeep = () =>
        queryRows<{ state: string }>(
          t.database.db,
          sql`select state from jobs where name = 'database.upkeep' and key = 'after-import'`,
        );
      await expect.poll(upkeep).toEqual([{ state: 'waiting' }]);
      await expect.poll(upkeep, { timeout: 15_000 }).toEqual([{ state: 'completed' }]);
    },
  );
});
