import fs from 'node:fs/promises';
import path from 'node:path';
import {
  SQL_EMPTY_QUERY_MESSAGE,
  SQL_LIMITS,
  type DatabaseSchema,
  type Project,
  type SqlResult,
} from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects } from '../projects/tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createProjectDatabases } from './project-databases';

describe('the SQL runner on embedded project databases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The first database of a data folder makes the template (an initdb, seconds on a busy
    // machine); made here, under the hook's longer budget, the tests time only their own work.
    await (await ownerWithProject()).run('select 1');
  });
  afterAll(() => t.close());

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `SQL ${Math.random()}` })
    ).json<Project>();
    const send = (query: unknown) =>
      owner.client.post('/api/database/execute', { projectId: project.id, query });
    const run = async (query: string) => {
      const response = await send(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SqlResult>();
    };
    const schema = async () => {
      const response = await owner.client.get(`/api/database/${project.id}/schema`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<DatabaseSchema>();
    };
    return { ...owner, project, send, run, schema };
  }

  it('creates a table, inserts and selects, with typed values', async () => {
    const p = await ownerWithProject();
    const created = await p.run(
      'create table notes (id serial primary key, title text not null, done boolean, meta jsonb)',
    );
    expect(created).toMatchObject({ command: 'CREATE TABLE', rowCount: 0, error: null, rows: [] });
    const inserted = await p.run(
      `insert into notes (title, done, meta) values ('one', true, '{"a": 1}'), ('two', false, null)`,
    );
    expect(inserted).toMatchObject({ command: 'INSERT', rowCount: 2, error: null });
    const selected = await p.run(
      'select id, title, done, meta, 1.5::numeric as price from notes order by id',
    );
    expect(selected).toMatchObject({
      command: 'SELECT',
      rowCount: 2,
      error: null,
      truncated: false,
    });
    expect(selected.rows).toEqual([
      { id: 1, title: 'one', done: true, meta: { a: 1 }, price: '1.5' },
      { id: 2, title: 'two', done: false, meta: null, price: '1.5' },
    ]);
    expect(selected.columns.map((column) => column.name)).toEqual([
      'id',
      'title',
      'done',
      'meta',
      'price',
    ]);
  });

  it('runs several statements, answering the last and listing each', async () => {
    const p = await ownerWithProject();
    const result = await p.run(
      `create table t (n int);
       insert into t select generate_series(1, 3);
       update t set n = n * 10 where n > 1;
       select n, n as n from t order by n;`,
    );
    expect(result.statements).toEqual([
      { command: 'CREATE TABLE', rowCount: null },
      { command: 'INSERT', rowCount: 3 },
      { command: 'UPDATE', rowCount: 2 },
      { command: 'SELECT', rowCount: 3 },
    ]);
    expect(result).toMatchObject({ command: 'SELECT', rowCount: 3, error: null });
    // A repeated column name keeps both columns.
    expect(result.rows).toEqual([
      { n: 1, 'n (2)': 1 },
      { n: 20, 'n (2)': 20 },
      { n: 30, 'n (2)': 30 },
    ]);
  });

  it('answers an error in the result, saying where it is', async () => {
    const p = await ownerWithProject();
    // PostgreSQL parses the whole text first: a syntax error anywhere runs nothing.
    const syntax = await p.run('select 1;\nselec 2');
    expect(syntax.error).toBe('syntax error at or near "selec" (line 2, column 1)');
    expect(syntax.statements).toEqual([]);
    // An error while running lists the statements that ran before it.
    const runtime = await p.run("select 1 as one; select 'x'::int");
    expect(runtime.error).toBe('invalid input syntax for type integer: "x" (line 1, column 25)');
    expect(runtime.statements).toEqual([{ command: 'SELECT', rowCount: 1 }]);
    expect(runtime).toMatchObject({ command: 'SELECT', rows: [{ one: 1 }] });
    // COPY FROM STDIN has no data to read here: it fails, and the database carries on.
    const copy = await p.run('create table c (n int); copy c from stdin');
    expect(copy.error).toBe(
      'COPY from stdin failed: COPY FROM STDIN is not available in the SQL runner',
    );
    expect(await p.run('copy (select 1) to stdout')).toMatchObject({
      error: null,
      command: 'COPY',
      rowCount: 1,
    });
    // The spec's default query, on a database that has no projects table.
    const missing = await p.run('SELECT * FROM projects LIMIT 10;');
    expect(missing.error).toBe('relation "projects" does not exist (line 1, column 15)');
    expect(missing).toMatchObject({ rows: [], command: null, rowCount: 0 });
  });

  it('refuses a blank query with the SQL Runner message', async () => {
    const p = await ownerWithProject();
    for (const query of ['', '   \n\t ', undefined]) {
      expect(expectError(await p.send(query), 400, 'VALIDATION_FAILED')).toBe(
        SQL_EMPTY_QUERY_MESSAGE,
      );
    }
    const noProject = await p.client.post('/api/database/execute', { query: 'select 1' });
    expect(expectError(noProject, 400, 'VALIDATION_FAILED')).toBe('projectId is required');
  });

  it('cuts a result at 1,000 rows and at 1 MB, and still counts every row', async () => {
    const p = await ownerWithProject();
    const many = await p.run('select g as n from generate_series(1, 250000) g');
    expect(many).toMatchObject({ command: 'SELECT', rowCount: 250_000, truncated: true });
    expect(many.rows).toHaveLength(SQL_LIMITS.maxRows);
    expect(many.rows.at(-1)).toEqual({ n: SQL_LIMITS.maxRows });

    // 300 rows of 10 KB: only what fits in 1 MB is sent.
    const wide = await p.run("select g, repeat('x', 10000) as text from generate_series(1, 300) g");
    expect(wide).toMatchObject({ rowCount: 300, truncated: true });
    expect(wide.rows.length).toBeGreaterThan(90);
    expect(wide.rows.length).toBeLessThan(105);
    expect(JSON.stringify(wide.rows).length).toBeLessThanOrEqual(SQL_LIMITS.maxResultBytes);

    // One row larger than the limit on its own.
    const huge = await p.run("select repeat('y', 3 * 1024 * 1024) as text");
    expect(huge).toMatchObject({ rowCount: 1, truncated: true, rows: [] });

    const small = await p.run('select 42 as answer');
    expect(small).toMatchObject({ rows: [{ answer: 42 }], truncated: false });
  });

  it('stops a query after 5 seconds, undoing it, and the next query works', async () => {
    const p = await ownerWithProject();
    await p.run('create table kept (n int); insert into kept values (1)');
    const started = Date.now();
    const slow = await p.run('insert into kept values (2); select pg_sleep(10)');
    const elapsed = Date.now() - started;
    expect(slow.error).toMatch(/^Query timed out: it ran for more than 5 seconds/);
    expect(elapsed).toBeGreaterThanOrEqual(SQL_LIMITS.timeoutMs - 100);
    expect(elapsed).toBeLessThan(SQL_LIMITS.timeoutMs + 3_000);
    const after = await p.run('select n from kept order by n');
    expect(after).toMatchObject({ error: null, rows: [{ n: 1 }] });
  }, 30_000);

  it('rolls back a transaction the query leaves open, and says so', async () => {
    const p = await ownerWithProject();
    await p.run('create table t (n int)');
    const open = await p.run('begin; insert into t values (1)');
    expect(open.error).toBeNull();
    expect(open.notices).toEqual([
      expect.stringMatching(/left a transaction open; it was rolled back/),
    ]);
    const failed = await p.run('begin; insert into t values (2); select 1/0');
    expect(failed.error).toBe('division by zero');
    const committed = await p.run('begin; insert into t values (3); commit');
    expect(committed.notices).toEqual([]);
    expect((await p.run('select n from t')).rows).toEqual([{ n: 3 }]);
    const notice = await p.run('drop table if exists missing');
    expect(notice.notices).toEqual(['NOTICE: table "missing" does not exist, skipping']);
  });

  it("keeps each project's database apart from the others and from the app's", async () => {
    const first = await ownerWithProject();
    const second = await ownerWithProject();
    await first.run("create table secrets (v text); insert into secrets values ('first only')");
    const elsewhere = await second.run('select * from secrets');
    expect(elsewhere.error).toBe('relation "secrets" does not exist (line 1, column 15)');
    const users = await second.run('select * from users');
    expect(users.error).toBe('relation "users" does not exist (line 1, column 15)');
    const tables = await second.run(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    expect(tables.rows).toEqual([]);
    // Nothing of the host's files either: PGlite's file system is its own.
    const file = await second.run("select pg_read_file('/etc/passwd')");
    expect(file.error).toMatch(/could not open file "\/etc\/passwd"/);
  });

  it('lists tables and their columns, creating no database just to look', async () => {
    const p = await ownerWithProject();
    const before = await p.schema();
    expect(before).toMatchObject({ backend: 'pglite', created: false, tables: [] });
    expect(before.location).toBe(`DATA_DIR/project-databases/${p.project.id}`);
    await expect(
      fs.access(path.join(t.dataDir, 'project-databases', p.project.id)),
    ).rejects.toThrow();

    await p.run(
      'create table authors (id int primary key, name varchar(80)); create view named as select name from authors',
    );
    const after = await p.schema();
    expect(after).toMatchObject({ created: true, truncated: false });
    expect(after.tables).toEqual([
      {
        schema: 'public',
        name: 'authors',
        kind: 'table',
        columns: [
          { name: 'id', type: 'integer', nullable: false },
          { name: 'name', type: 'character varying(80)', nullable: true },
        ],
      },
      {
        schema: 'public',
        name: 'named',
        kind: 'view',
        columns: [{ name: 'name', type: 'character varying(80)', nullable: true }],
      },
    ]);
  });

  it("removes the project's database with the project, and those of projects gone otherwise", async () => {
    const p = await ownerWithProject();
    await p.run('create table kept (n int)');
    const folder = path.join(t.dataDir, 'project-databases', p.project.id);
    await fs.access(folder);
    expect((await p.client.delete(`/api/projects/${p.project.id}`)).statusCode).toBe(200);
    await expect
      .poll(() =>
        fs.access(folder).then(
          () => 'there',
          () => 'gone',
        ),
      )
      .toBe('gone');

    // A database whose project went without Kiln hearing of it is found by the clean-up.
    const other = await ownerWithProject();
    await other.run('create table left_behind (n int)');
    const otherFolder = path.join(t.dataDir, 'project-databases', other.project.id);
    await t.database.db.delete(projects).where(eq(projects.id, other.project.id));
    const databases = await createProjectDatabases({ env: t.env, log: t.app.log });
    try {
      expect(await databases.removeOrphans(t.database.db)).toBe(1);
    } finally {
      await databases.close();
    }
    await expect(fs.access(otherFolder)).rejects.toThrow();
    // A project that exists keeps its database.
    const kept = await ownerWithProject();
    await kept.run('select 1');
    await fs.access(path.join(t.dataDir, 'project-databases', kept.project.id));
  });

  it('answers 401 to a signed-out visitor and 404 for a project of someone else', async () => {
    const p = await ownerWithProject();
    const anonymous = new TestClient(t.app);
    expectError(
      await anonymous.post('/api/database/execute', { projectId: p.project.id, query: 'select 1' }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await anonymous.get(`/api/database/${p.project.id}/schema`),
      401,
      'UNAUTHENTICATED',
    );
    const stranger = await signUp(t.app);
    expectError(
      await stranger.client.post('/api/database/execute', {
        projectId: p.project.id,
        query: 'select 1',
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await stranger.client.get(`/api/database/${p.project.id}/schema`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await p.client.post('/api/database/execute', { projectId: 'not-an-id', query: 'select 1' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('closing the app', () => {
  it('closes every project database it opened, cleanly', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const owner = await signUp(t.app);
      const project = (
        await owner.client.post('/api/projects', { name: 'Closing' })
      ).json<Project>();
      const response = await owner.client.post('/api/database/execute', {
        projectId: project.id,
        query: 'create table t (n int)',
      });
      expect(response.json<SqlResult>().error).toBeNull();
      const folder = path.join(t.dataDir, 'project-databases', project.id);
      // PostgreSQL's lock file is there while the database is open, and gone after a clean close.
      await fs.access(path.join(folder, 'postmaster.pid'));
      await t.app.close();
      closed = true;
      await expect(fs.access(path.join(folder, 'postmaster.pid'))).rejects.toThrow();
    } finally {
      if (!closed) await t.app.close();
      await t.database.close();
      await fs.rm(t.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
