import { randomUUID } from 'node:crypto';
import { SQL_LIMITS, type DatabaseSchema, type Project, type SqlResult } from '@kiln/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProjectDatabases } from './project-databases';

/**
 * With PROJECTS_DATABASE_URL each project gets a database and a role on that server. Runs where
 * the suite has a PostgreSQL server (TEST_DATABASE_URL, which CI sets), pointed at it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The server URL with another user, password and database. */
function urlAs(user: string, database: string, password = 'irrelevant'): string {
  const url = new URL(serverUrl ?? '');
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

describe.runIf(serverUrl)('the SQL runner on a PostgreSQL server', () => {
  let t: TestApp;
  const created: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ PROJECTS_DATABASE_URL: serverUrl ?? '' });
  });
  afterAll(async () => {
    await t?.close();
    // Each project's database and role are the test's to remove.
    await withClient(serverUrl ?? '', async (admin) => {
      for (const name of created) {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.query(`drop role if exists "${name}"`);
      }
    });
  });

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `PG ${Math.random()}` })
    ).json<Project>();
    const name = `kiln_p_${project.id.replaceAll('-', '')}`;
    created.push(name);
    const run = async (query: string) => {
      const response = await owner.client.post('/api/database/execute', {
        projectId: project.id,
        query,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SqlResult>();
    };
    return { ...owner, project, name, run };
  }

  it('gives the project a database and a role of its own, with no other rights', async () => {
    const p = await ownerWithProject();
    const result = await p.run(
      'create table t (n int); insert into t values (1), (2); select current_user as who, n from t order by n',
    );
    expect(result).toMatchObject({ error: null, command: 'SELECT', rowCount: 2 });
    expect(result.rows).toEqual([
      { who: p.name, n: 1 },
      { who: p.name, n: 2 },
    ]);
    const schema = (
      await p.client.get(`/api/database/${p.project.id}/schema`)
    ).json<DatabaseSchema>();
    expect(schema).toMatchObject({ backend: 'postgres', location: p.name, created: true });
    expect(schema.tables.map((table) => table.name)).toEqual(['t']);

    await withClient(serverUrl ?? '', async (admin) => {
      const role = await admin.query(
        'select rolsuper, rolcreatedb, rolcreaterole, rolcanlogin, rolreplication, rolbypassrls from pg_roles where rolname = $1',
        [p.name],
      );
      expect(role.rows).toEqual([
        {
          rolsuper: false,
          rolcreatedb: false,
          rolcreaterole: false,
          rolcanlogin: true,
          rolreplication: false,
          rolbypassrls: false,
        },
      ]);
      const database = await admin.query(
        `select pg_get_userbyid(datdba) as owner, has_database_privilege('public', datname, 'CONNECT') as public_connect
         from pg_database where datname = $1`,
        [p.name],
      );
      expect(database.rows).toEqual([{ owner: p.name, public_connect: false }]);
    });
  });

  it("lets the role into no other database: not the server's, not another project's", async () => {
    const first = await ownerWithProject();
    const second = await ownerWithProject();
    await first.run('select 1');
    await second.run('select 1');
    const maintenance = new URL(serverUrl ?? '').pathname.slice(1);
    await expect(withClient(urlAs(first.name, maintenance), async () => undefined)).rejects.toThrow(
      /permission denied for database/,
    );
    await expect(withClient(urlAs(first.name, second.name), async () => undefined)).rejects.toThrow(
      /permission denied for database/,
    );
    // The application's tables are not in the project's database.
    expect((await first.run('select * from users')).error).toBe(
      'relation "users" does not exist (line 1, column 15)',
    );
    expect((await first.run('create database other')).error).toBe(
      'permission denied to create database',
    );
  });

  it('stops a query after 5 seconds, and the next query works', async () => {
    const p = await ownerWithProject();
    const started = Date.now();
    // Turning the server's own timeout off changes nothing: Kiln keeps the time.
    const slow = await p.run('set statement_timeout = 0; select pg_sleep(10)');
    expect(slow.error).toMatch(/^Query timed out/);
    expect(Date.now() - started).toBeLessThan(SQL_LIMITS.timeoutMs + 3_000);
    expect(await p.run('select 2 as two')).toMatchObject({ error: null, rows: [{ two: 2 }] });
  }, 30_000);

  it('cuts a result at 1,000 rows and rolls back a transaction left open', async () => {
    const p = await ownerWithProject();
    const many = await p.run('select g from generate_series(1, 50000) g');
    expect(many).toMatchObject({ rowCount: 50_000, truncated: true });
    expect(many.rows).toHaveLength(SQL_LIMITS.maxRows);
    await p.run('create table t (n int)');
    expect((await p.run('copy t from stdin')).error).toBe(
      'COPY from stdin failed: COPY FROM STDIN is not available in the SQL runner',
    );
    const open = await p.run('begin; insert into t values (1)');
    expect(open.notices).toEqual([expect.stringMatching(/was rolled back/)]);
    expect((await p.run('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
  });

  it("removes a project's database and role", async () => {
    const databases = await createProjectDatabases({
      env: { DATA_DIR: t.dataDir, SECRET_KEY: undefined, PROJECTS_DATABASE_URL: serverUrl },
      log: t.app.log,
    });
    const projectId = randomUUID();
    const name = `kiln_p_${projectId.replaceAll('-', '')}`;
    created.push(name);
    try {
      expect((await databases.execute(projectId, 'select 1 as one')).execution.rows).toEqual([[1]]);
      expect(databases.openCount).toBe(1);
      await databases.remove(projectId);
      expect(databases.openCount).toBe(0);
      const left = await withClient(serverUrl ?? '', (admin) =>
        admin.query(
          'select (select count(*) from pg_database where datname = $1)::int + (select count(*) from pg_roles where rolname = $1)::int as n',
          [name],
        ),
      );
      expect(left.rows).toEqual([{ n: 0 }]);
    } finally {
      await databases.close();
    }
  });
});
