import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { ExecuteResultSchema, type Project, type SqlResult } from '@kiln/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';

/**
 * Runs reach their project's database as DATABASE_URL through a bridge, on both back ends: the
 * embedded PGlite, and a PostgreSQL server where the suite has one (TEST_DATABASE_URL, in CI).
 * The run's client is psql itself (Debian's binary: its wrapper script needs /etc, which the
 * sandbox does not show).
 */
const PSQL = readdirSync('/usr/lib/postgresql')
  .map((version) => `/usr/lib/postgresql/${version}/bin/psql`)
  .at(-1)!;
const serverUrl = process.env.TEST_DATABASE_URL;

/** A run that runs psql with `args` and prints what it printed, then its status. */
function psqlProgram(args: string[]): string {
  return [
    "const { spawnSync } = require('node:child_process');",
    `const result = spawnSync(${JSON.stringify(PSQL)}, ${JSON.stringify(args)}, { encoding: 'utf8' });`,
    "process.stdout.write(result.stdout + result.stderr + 'status ' + result.status + '\\n');",
  ].join('\n');
}

const backends = [
  { name: 'PGlite', settings: {} },
  ...(serverUrl
    ? [
        {
          name: 'PostgreSQL',
          settings: { PROJECTS_DATABASE_URL: serverUrl } as Record<string, string>,
        },
      ]
    : []),
];

describe.each(backends)(
  'the project database in runs ($name)',
  needs('bwrap', 'psql'),
  ({ name, settings }) => {
    let t: TestApp;
    const created: string[] = [];

    beforeAll(async () => {
      t = await createTestApp({ SANDBOX: 'bubblewrap', ...settings });
    });
    afterAll(async () => {
      await t?.close();
      if (name !== 'PostgreSQL' || !serverUrl) return;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      for (const database of created) {
        await admin.query(`drop database if exists "${database}" with (force)`);
        await admin.query(`drop role if exists "${database}"`);
      }
      await admin.end();
    });

    async function ownerWithProject() {
      const { client } = await signUp(t.app);
      const project: Project = await createProject(client, `Bridge ${Math.random()}`);
      created.push(`kiln_p_${project.id.replaceAll('-', '')}`);
      return { client, project };
    }

    async function sql(client: TestClient, projectId: string, query: string): Promise<SqlResult> {
      const response = await client.post('/api/database/execute', { projectId, query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SqlResult>();
    }

    async function run(client: TestClient, projectId: string, code: string): Promise<string> {
      const response = await client.post(`/api/projects/${projectId}/execute`, {
        filePath: 'db.js',
        code,
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = ExecuteResultSchema.parse(response.json());
      return result.output;
    }

    it('reads a table made in the SQL runner, and writes a row the SQL runner then sees', async () => {
      const { client, project } = await ownerWithProject();
      const made = await sql(
        client,
        project.id,
        "create table notes (body text); insert into notes values ('from the SQL runner')",
      );
      expect(made.error).toBeNull();

      const read = await run(
        client,
        project.id,
        psqlProgram([
          '-XAt',
          '-c',
          'select body from notes',
          '-c',
          "insert into notes values ('from a run')",
        ]),
      );
      expect(read).toBe('from the SQL runner\nINSERT 0 1\nstatus 0\n');

      const seen = await sql(client, project.id, 'select body from notes order by body');
      expect(seen.rows).toEqual([{ body: 'from a run' }, { body: 'from the SQL runner' }]);
    });

    it('gives the variables libpq reads, and the URL works alone', async () => {
      const { client, project } = await ownerWithProject();
      const output = await run(
        client,
        project.id,
        [
          "const { spawnSync } = require('node:child_process');",
          'const env = { PATH: process.env.PATH, HOME: process.env.HOME };',
          `const byUrl = spawnSync(${JSON.stringify(PSQL)}, [process.env.DATABASE_URL, '-XAtc', 'select 1 + 1'], { encoding: 'utf8', env });`,
          `const byPg = spawnSync(${JSON.stringify(PSQL)}, ['-XAtc', 'select 2 + 2'], { encoding: 'utf8' });`,
          'console.log(byUrl.stdout + byUrl.stderr + byPg.stdout + byPg.stderr);',
        ].join('\n'),
      );
      expect(output).toBe('2\n4\n\n');
    });

    it("does not reach another project's database", async () => {
      const a = await ownerWithProject();
      await sql(a.client, a.project.id, 'create table secrets (body text)');
      const b = await ownerWithProject();
      const own = await run(
        b.client,
        b.project.id,
        psqlProgram(['-XAtc', "select count(*) from pg_tables where tablename = 'secrets'"]),
      );
      expect(own).toBe('0\nstatus 0\n');
      // Asking the bridge for A's database (the server's name for it) is refused before any server.
      const other = `kiln_p_${a.project.id.replaceAll('-', '')}`;
      const refused = await run(
        b.client,
        b.project.id,
        psqlProgram([`postgresql://127.0.0.1:5432/${other}?user=${other}`, '-XAtc', 'select 1']),
      );
      expect(refused).toContain("Only this project's database is reachable here");
      expect(refused).toContain('status 2');
    });

    it('is gone after the run', async () => {
      const { client, project } = await ownerWithProject();
      const bridges = async () =>
        (await readdir(path.join(os.tmpdir(), 'kiln-bridges')).catch(() => [] as string[])).filter(
          (file) => file.startsWith(`database-${project.id.slice(0, 8)}`),
        );
      const output = await run(client, project.id, 'console.log(process.env.PGPORT)');
      expect(output).toBe('5432\n');
      expect(await bridges()).toEqual([]);
    });
  },
);
