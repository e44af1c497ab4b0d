// bench/request-path: what Kiln's own per-request machinery costs. Each authenticated read route
// is loaded with autocannon (20 connections) against Kiln's production build and against a bare
// Fastify anchor (bench/lib/request-path-anchor.ts) on the same database, same library versions,
// sending the same queries per request. Rounds interleave Kiln and the anchor (PGlite is one
// process's folder, so they never run at once); the table gives the median requests per second of
// each and their ratio, on PGlite and on PostgreSQL. Goal: every route at 1.0x its anchor or more.
// Run: npm run build && npm run request-path -w bench
//   POSTGRES_URL overrides the server (default 127.0.0.1:5432/test); ROUNDS (3) and SECONDS (5);
//   DATABASES=pglite or postgres measures one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from './lib/direct-app';
import {
  BenchClient,
  printTable,
  processCpuMs,
  repoRoot,
  startServer,
  type RunningServer,
} from './lib/server';
import { throwawayDatabase, type ThrowawayDatabase } from './lib/postgres-database';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = 20;
// The Free plan's limit (shared/src/plans.ts).
const PROJECTS = 3;
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Seeded {
  cookie: string;
  projectId: string;
  filePath: string;
}

interface Target {
  baseUrl: string;
  /** The server's process, whose CPU time per request the table shows. */
  pid: number | undefined;
  stop(): Promise<void>;
}

const routes = (seed: Seeded) => [
  { name: 'GET /api/auth/me', url: '/api/auth/me' },
  { name: 'GET /api/projects', url: '/api/projects' },
  { name: 'GET /api/projects/{id}', url: `/api/projects/${seed.projectId}` },
  {
    name: 'GET /api/files/{id}/content',
    url: `/api/files/${seed.projectId}/content?path=${encodeURIComponent(seed.filePath)}`,
  },
];

/** A user with three projects, the first holding a 2 KB source file, made through Kiln's API. */
async function seed(server: RunningServer): Promise<Seeded> {
  const client = new BenchClient(server.baseUrl);
  const registered = await client.request('POST', '/api/auth/register', {
    email: 'request-path@example.com',
    password: 'bench-password',
    name: 'Request path',
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  let projectId = '';
  for (let index = 0; index < PROJECTS; index += 1) {
    const created = await client.request('POST', '/api/projects', { name: `Project ${index}` });
    if (created.status !== 201) throw new Error(`create project answered ${created.status}`);
    projectId ||= created.json<{ id: string }>().id;
  }
  const filePath = 'src/request-path.ts';
  const content = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
  const file = await client.request('POST', '/api/files', { projectId, path: filePath, content });
  if (file.status !== 201) throw new Error(`create file answered ${file.status}`);
  // What a signed-in browser sends: the session and its CSRF token (lib/csrf-cookies.ts).
  const cookies = client.cookieList();
  if (!cookies.some(([name]) => name === 'session_token')) throw new Error('no session cookie');
  client.close();
  return {
    cookie: cookies.map(([name, value]) => `${name}=${value}`).join('; '),
    projectId,
    filePath,
  };
}

async function startAnchor(database: Record<string, string>): Promise<Target> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/lib/request-path-anchor.ts')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', ANCHOR_PORT: String(port), ...database },
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the anchor exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the anchor did not start in 30 s');
    const up = await fetch(`${baseUrl}/api/auth/me`).then(
      (response) => response.status === 401,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * Requests per second of one route for `seconds`, and the server's CPU time per request (its
 * own work, the database's aside); any answer but a 200 stops the benchmark.
 */
async function load(target: Target, url: string, cookie: string, seconds: number) {
  const cpuBefore = await processCpuMs(target.pid);
  const result = await autocannon({
    url: `${target.baseUrl}${url}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
  });
  const cpuMs = (await processCpuMs(target.pid)) - cpuBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(`${target.baseUrl}${url}: ${failed} of ${result.requests.total} failed`);
  return { perSecond: result.requests.average, cpuMicros: (cpuMs * 1000) / result.requests.total };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Every route's answer, read once with the seeded session. */
async function answersOf(target: Target, seeded: Seeded) {
  const answers = new Map<string, string>();
  for (const route of routes(seeded)) {
    const response = await fetch(`${target.baseUrl}${route.url}`, {
      headers: { cookie: seeded.cookie },
    });
    if (response.status !== 200) throw new Error(`${route.name} answered ${response.status}`);
    answers.set(route.name, await response.text());
  }
  return answers;
}

/**
 * The anchor is a fair one only if it reads what Kiln reads: its answers are Kiln's, field for
 * field (the user's own aside, which Kiln presents in full).
 */
async function checkSameAnswers(kiln: Map<string, string>, anchor: Map<string, string>) {
  for (const [name, answer] of kiln) {
    if (name === 'GET /api/auth/me') continue;
    if (!isDeepStrictEqual(JSON.parse(anchor.get(name) ?? 'null'), JSON.parse(answer))) {
      throw new Error(
        `${name}: the anchor answers otherwise than Kiln:\n${anchor.get(name)}\n${answer}`,
      );
    }
  }
}

async function measureDatabase(options: {
  label: string;
  startKiln: () => Promise<Target>;
  anchorDatabase: Record<string, string>;
  seeded: Seeded;
}) {
  const { seeded } = options;
  type Sample = { perSecond: number; cpuMicros: number };
  const samples = new Map<string, { kiln: Sample[]; anchor: Sample[] }>();
  for (const route of routes(seeded)) samples.set(route.name, { kiln: [], anchor: [] });
  const answers = { kiln: new Map<string, string>(), anchor: new Map<string, string>() };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['kiln', 'anchor'] as const) : (['anchor', 'kiln'] as const);
    for (const side of order) {
      const target =
        side === 'kiln' ? await options.startKiln() : await startAnchor(options.anchorDatabase);
      try {
        if (round === 0) answers[side] = await answersOf(target, seeded);
        for (const route of routes(seeded)) {
          // A second of warm-up first: the JIT and the connections, on both sides alike.
          await load(target, route.url, seeded.cookie, 1);
          samples
            .get(route.name)
            ?.[side].push(await load(target, route.url, seeded.cookie, SECONDS));
        }
      } finally {
        await target.stop();
      }
    }
    if (round === 0) await checkSameAnswers(answers.kiln, answers.anchor);
    console.log(`${options.label}: round ${round + 1} of ${ROUNDS} done`);
  }
  return [...samples].map(([name, { kiln, anchor }]) => {
    const perSecond = (of: Sample[]) => median(of.map((sample) => sample.perSecond));
    const cpu = (of: Sample[]) => Math.round(median(of.map((sample) => sample.cpuMicros)));
    const ratio = perSecond(kiln) / perSecond(anchor);
    return [
      options.label,
      name,
      Math.round(perSecond(kiln)),
      Math.round(perSecond(anchor)),
      `${ratio.toFixed(2)}x`,
      ratio >= 1 ? 'met' : 'not met',
      cpu(kiln),
      cpu(anchor),
    ];
  });
}

async function onPglite() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-request-path-'));
  try {
    const first = await startServer({ port: await freePort(), dataDir });
    const seeded = await seed(first).finally(() => first.stop());
    return await measureDatabase({
      label: 'PGlite',
      seeded,
      startKiln: async () => startServer({ port: await freePort(), dataDir, env: KILN_ENV }),
      anchorDatabase: { ANCHOR_PGLITE_DIR: path.join(dataDir, 'db') },
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A database of its own on the PostgreSQL server, dropped afterwards. */
async function onPostgres() {
  let throwaway: ThrowawayDatabase;
  try {
    throwaway = await throwawayDatabase(POSTGRES_URL, 'kiln_bench_request_path');
  } catch (error) {
    console.log(`PostgreSQL at ${POSTGRES_URL} is not reachable (${String(error)}): skipped`);
    return [];
  }
  const database = { DATABASE_URL: throwaway.url };
  try {
    const kiln = async () =>
      startServer({ port: await freePort(), env: { ...KILN_ENV, ...database } });
    const first = await kiln();
    const seeded = await seed(first).finally(() => first.stop());
    return await measureDatabase({
      label: 'PostgreSQL',
      seeded,
      startKiln: kiln,
      anchorDatabase: { ANCHOR_DATABASE_URL: throwaway.url },
    });
  } finally {
    await throwaway.drop();
  }
}

/** Kiln as it runs by default: request lines logged at info (to /dev/null here). */
const KILN_ENV = { LOG_LEVEL: 'info' };

const databases = (process.env.DATABASES ?? 'pglite,postgres').split(',');
const rows = [
  ...(databases.includes('pglite') ? await onPglite() : []),
  ...(databases.includes('postgres') ? await onPostgres() : []),
];
console.log(
  `\n${ROUNDS} interleaved rounds of ${SECONDS} s per route and side, ${CONNECTIONS} connections, ` +
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
);
printTable(
  [
    'database',
    'route',
    'Kiln req/s',
    'anchor req/s',
    'Kiln/anchor',
    'goal >= 1.0x',
    'Kiln CPU µs/req',
    'anchor CPU µs/req',
  ],
  rows,
);
