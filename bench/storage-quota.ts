// bench/storage-quota: what the per-project storage quota costs a save, in a project of 10,000
// files. Kiln built in this process (as server/src/test/app.ts builds it) on the embedded
// database on disk and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server,
// on a throwaway database there. Timed, p50 and p99 of SAMPLES each:
//  - a save (PATCH /api/files/{id}, a 2 KB text growing by a byte), which locks the project's
//    running totals, writes, and checks them (server/src/modules/projects/storage-quota.ts);
//  - GET /api/projects/{id}/storage, which reads the running totals (one row);
//  - the quota's own statements in a save (lock the totals, read them again), in a transaction;
//  - the running totals read in SQL, against the query a quota without them would run at every
//    save: the sum of the sizes and the count of the project's rows, over its index.
// It is a measurement, not a test: it prints the table and exits 0.
// Run: npm run storage-quota -w bench   (BENCH_DATABASE_URL adds PostgreSQL)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { queryRows } from '../server/src/db/client';
import { files } from '../server/src/db/schema';
import { loadEnv } from '../server/src/env';
import { storageCapsFrom, withinStorageQuota } from '../server/src/modules/projects';
import { embeddedEngine, inject, postgresEngine, type Engine } from './lib/in-process';
import { percentile, printTable } from './lib/server';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const FILES = 10_000;
const FOLDERS = 100;
const FILE_BYTES = 2048;
const SAMPLES = 300;

async function timed(run: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const ms = (value: number) => value.toFixed(2);

async function measure(engine: Engine, dataDir: string): Promise<(string | number)[][]> {
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ env, database: engine.database, clientDir: false, logger: false });
  await app.ready();
  const { db } = engine.database;
  try {
    const cookies = new Map<string, string>();
    await inject(app, cookies, 'GET', '/api/health');
    const email = `bench-${randomBytes(3).toString('hex')}@example.com`;
    const registered = await inject(app, cookies, 'POST', '/api/auth/register', {
      email,
      password: 'bench-password',
      name: 'Bench',
    });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.body}`);
    const projectId = (
      await inject(app, cookies, 'POST', '/api/projects', { name: 'Quota bench', empty: true })
    ).json<{ id: string }>().id;

    // Rows straight into the table: the triggers count them as they count any write.
    const rows = [
      ...Array.from({ length: FOLDERS }, (_, folder) => ({
        projectId,
        path: `src${folder}`,
        isDirectory: true,
      })),
      ...Array.from({ length: FILES }, (_, index) => ({
        projectId,
        path: `src${index % FOLDERS}/file-${index}.js`,
        content: 'x'.repeat(FILE_BYTES),
        mimeType: 'text/javascript',
        size: FILE_BYTES,
      })),
    ];
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(files).values(rows.slice(start, start + 500));
    }
    await db.execute(sql`analyze files`);
    const target = (
      await inject(app, cookies, 'POST', '/api/files', {
        projectId,
        path: 'edited.js',
        content: 'x'.repeat(FILE_BYTES),
      })
    ).json<{ id: string }>();

    let length = FILE_BYTES;
    const saves = await timed(async () => {
      length += 1;
      const saved = await inject(app, cookies, 'PATCH', `/api/files/${target.id}`, {
        content: 'x'.repeat(length),
      });
      if (saved.statusCode !== 200) throw new Error(`save answered ${saved.body}`);
    });
    const reads = await timed(async () => {
      const read = await inject(app, cookies, 'GET', `/api/projects/${projectId}/storage`);
      if (read.statusCode !== 200) throw new Error(`storage answered ${read.body}`);
    });
    const sums = await timed(async () => {
      await queryRows(
        db,
        sql`select coalesce(sum(size), 0) as bytes, count(*) as entries
            from files where project_id = ${projectId}`,
      );
    });
    const totals = await timed(async () => {
      await queryRows(
        db,
        sql`select storage_bytes, storage_entries from projects where id = ${projectId}`,
      );
    });
    // The quota's own statements in a save, with nothing written between them.
    const quota = await timed(async () => {
      await db.transaction(async (tx) => {
        await withinStorageQuota(
          tx,
          { project: projectId, writerId: target.id, caps: storageCapsFrom({}) },
          async () => {},
        );
      });
    });
    const storage = (await inject(app, cookies, 'GET', `/api/projects/${projectId}/storage`)).json<{
      entries: { used: number };
    }>();
    if (storage.entries.used !== FILES + FOLDERS + 1) {
      throw new Error(`the running total says ${storage.entries.used} entries`);
    }
    const row = (call: string, times: number[]) => [
      engine.label,
      call,
      ms(percentile(times, 50)),
      ms(percentile(times, 99)),
    ];
    return [
      row('save (lock, write, check)', saves),
      row("the quota's lock and check alone", quota),
      row('GET storage', reads),
      row('the running totals, read in SQL', totals),
      row('sum over every row (no totals)', sums),
    ];
  } finally {
    await app.close();
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-quota-'));
const table: (string | number)[][] = [];
try {
  const embedded = await embeddedEngine(dataDir);
  try {
    table.push(...(await measure(embedded, dataDir)));
  } finally {
    await embedded.close();
  }
  if (POSTGRES_URL) {
    const postgres = await postgresEngine(POSTGRES_URL);
    try {
      table.push(...(await measure(postgres, dataDir)));
    } finally {
      await postgres.close();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.log(
  `\nA project of ${FILES.toLocaleString('en-US')} files of ${FILE_BYTES} bytes in ${FOLDERS} folders, ${SAMPLES} samples each, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
);
printTable(['database', 'call', 'p50 ms', 'p99 ms'], table);
