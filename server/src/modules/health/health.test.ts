import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database and the job queue, and sets a CSRF cookie for a new visitor', async () => {
    const client = new TestClient(t.app);
    const response = await client.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true },
      mail: 'outbox',
      jobs: {
        backend: process.env.TEST_REDIS_URL ? 'redis' : 'database',
        ok: true,
        failed: 0,
      },
    });
    expect(client.cookies.get('csrf_token')).toMatch(/^[\w-]{43}$/);
  });

  // Only a PostgreSQL server can end Kiln's connections; CI runs this file against one.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps answering after PostgreSQL ends its idle connections',
    async () => {
      // Several connections in the pool, then the server ends every one but the caller's.
      const client = new TestClient(t.app);
      await Promise.all(Array.from({ length: 4 }, () => client.get('/api/health')));
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answers = await Promise.all(Array.from({ length: 4 }, () => client.get('/api/health')));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    },
  );

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new TestClient(t.app).get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'No API route for GET /api/does-not-exist',
      code: 'NOT_FOUND',
    });
  });
});
