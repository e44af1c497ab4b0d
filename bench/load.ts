// bench/load: Kiln's production build serving a whole service's mixed load on this machine, the
// load generator running beside it.
//  - Editors: EDITORS (100) accounts, each with a project and one ~2 KB file, each saving it once
//    a second through PATCH /api/files/{id} with the version it last saved (baseVersion), as the
//    editor's autosave does, then telling its project's collaboration socket (`file_saved`).
//  - Presence: PRESENCE (200) collaboration sockets (GET /ws), spread over the editors' projects
//    and signed in as their owners, joined and kept open; each project's first socket is the
//    editing tab and sends `file_saved` after each save, the others time its `file_updated`. A
//    socket that closes is counted as dropped and opened again after 3 s, as the client does.
//  - Terminals: TERMINALS (10) open terminals (GET /api/terminal/{id}, bash in bubblewrap), each
//    typing `echo load <n>` a keystroke every 200 ms, Enter included, the echo of every other
//    keystroke timed from the send to the frame that ends with it.
//  - Running apps: two projects' apps started by Run app (a small Node server), each asked
//    through its preview link 5 times a second, its page and a JSON answer in turn.
//  - Runs: two projects running a busy loop through POST /api/projects/{id}/execute for the whole
//    time, each run started again when the sandbox stops it at its CPU limit.
// After WARMUP_SECONDS (5) not counted, SECONDS (60) are. Then the servers are stopped and every
// acknowledged save is checked against the database itself, one by one (lib/save-ledger.ts says
// how, as the database keeps a file's latest text only).
// Configurations: one instance on the embedded database (PGlite); one on PostgreSQL with Redis;
// two behind HAProxy on PostgreSQL and Redis (lib/load-balancer.ts: saves and sockets go
// round-robin; terminals and running apps, which live in the instance that started them, go to
// it by project). PostgreSQL gets a database of its own, Redis an empty logical database, both
// removed afterwards.
// Goals: save p99 under 100 ms, terminal echo p99 under 50 ms, zero errors, zero saves lost. It is
// a measurement: it prints met/MISSED and exits 0, except when an acknowledged save was lost
// (exit 1), which is a correctness failure.
// Run: npm run build && npm run load -w bench
//   SECONDS, WARMUP_SECONDS, EDITORS, PRESENCE, TERMINALS, RUNS; DATABASES=pglite,postgres and
//   INSTANCES=1,2 (both by default; two instances run on PostgreSQL only); POSTGRES_URL
//   (postgres://postgres@127.0.0.1:5432/test), REDIS_URL (redis://127.0.0.1:6379); BENCH_PORT;
//   CPU_PROFILE_DIR=folder writes a V8 CPU profile of each server there when it stops.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { openPglite } from '../server/src/db/pglite';
import { HealthSchema, PRESENCE_LIMITS, type Health } from '../shared/src';
import { createFile, createProject, signUp } from './lib/accounts';
import { cleanEnv } from './lib/clean-env';
import { Cleanup } from './lib/cleanup';
import { descendantsOf, machineCpuMs, SampledCpu } from './lib/cpu';
import { timedGet } from './lib/http-text';
import { haproxyMissing, startLoadBalancer, type LoadBalancer } from './lib/load-balancer';
import { joined } from './lib/presence';
import { emptyRedisDatabase } from './lib/redis-database';
import { SaveLedger, storedFiles, storedFilesOnPostgres, type StoredFile } from './lib/save-ledger';
import { EDITED_PATH, openSavingEditor, paced, saveNextEdit, type SavingEditor } from './lib/saves';
import { printTable, processCpuMs, startServer, supportedPercentile } from './lib/server';
import type { BenchClient, RunningServer } from './lib/server';
import { EchoTimer, openTerminal } from './lib/terminal-echo';
import { throwawayDatabase } from './lib/postgres-database';

const SECONDS = Number(process.env.SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 5);
const EDITORS = Number(process.env.EDITORS ?? 100);
const PRESENCE = Number(process.env.PRESENCE ?? 200);
const TERMINALS = Number(process.env.TERMINALS ?? 10);
const APPS = 2;
const SPINNERS = Number(process.env.RUNS ?? 2);
const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BASE_PORT = Number(process.env.BENCH_PORT ?? 5460);

const SAVE_INTERVAL_MS = 1000;
const KEYSTROKE_INTERVAL_MS = 200;
const PREVIEW_INTERVAL_MS = 200;
const HEALTH_INTERVAL_MS = 100;
/** A keystroke whose echo has not come by then, or a request unanswered, counts as an error. */
const ANSWER_TIMEOUT_MS = 5000;
/** Sign-ups and sockets opened at once while setting up. */
const SETUP_CONCURRENCY = 4;

const SAVE_GOAL_P99_MS = 100;
const ECHO_GOAL_P99_MS = 50;

/** Comma-separated names of `known` from the setting; all of them when it is unset. */
function listed<T extends string>(setting: string, known: readonly T[]): T[] {
  const value = process.env[setting]?.trim();
  if (!value) return [...known];
  const names = value.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(known as readonly string[]).includes(name)) {
      console.error(`${setting}: unknown ${name}; choose from ${known.join(', ')}`);
      process.exit(1);
    }
  }
  return names as T[];
}

const DATABASES = listed('DATABASES', ['pglite', 'postgres'] as const);
const INSTANCES = listed('INSTANCES', ['1', '2'] as const).map(Number);

type DatabaseKind = (typeof DATABASES)[number];

interface Configuration {
  label: string;
  database: DatabaseKind;
  instances: number;
}

const cleanup = new Cleanup({ onSignals: true });
const progress = (message: string) => console.error(`- ${message}`);

// ---------------------------------------------------------------------------------------------
// The deployment: instances, the balancer, the database and Redis.

interface Deployment {
  /** Where clients connect: the instance, or the balancer. */
  baseUrl: string;
  servers: RunningServer[];
  balancer: LoadBalancer | null;
  /** Stops the instances and the balancer (before the saves are read back). */
  stop(): Promise<void>;
  /** The files as the database holds them, read once the instances have stopped. */
  readFiles(ids: string[]): Promise<Map<string, StoredFile>>;
  /** The processes of the database server that serve this deployment's database. */
  databasePids(): Promise<number[]>;
}

/** What every instance is given: this bench signs up a hundred accounts from one address. */
const SERVER_ENV = {
  LOG_LEVEL: 'info',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  SANDBOX: 'bubblewrap',
};
/** Where the servers' time goes: a V8 CPU profile of each, written when it stops. */
const NODE_ARGS = process.env.CPU_PROFILE_DIR
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.CPU_PROFILE_DIR)}`]
  : [];

async function deployPglite(): Promise<Deployment> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-load-'));
  cleanup.hold('PGlite data folder', () => rm(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    port: BASE_PORT,
    dataDir,
    env: SERVER_ENV,
    baseEnv: cleanEnv(),
    nodeArgs: NODE_ARGS,
  });
  let running = true;
  const stop = async () => {
    if (running) await server.stop();
    running = false;
  };
  cleanup.hold('server', stop);
  return {
    baseUrl: server.baseUrl,
    servers: [server],
    balancer: null,
    stop,
    databasePids: () => Promise.resolve([]),
    async readFiles(ids) {
      const db = openPglite(path.join(dataDir, 'db'));
      try {
        return await storedFiles((sql, params) => db.query(sql, params), ids);
      } finally {
        await db.close();
      }
    },
  };
}

async function deployPostgres(instances: number): Promise<Deployment> {
  const database = await throwawayDatabase(POSTGRES_URL, 'kiln_bench_load');
  cleanup.hold(`database ${database.name}`, () => database.drop());
  const redis = await emptyRedisDatabase(REDIS_URL);
  cleanup.hold('Redis database', () => redis.release());

  const ports = Array.from({ length: instances }, (_, index) => BASE_PORT + 2 * index);
  const balanced = instances > 1;
  const entryPort = BASE_PORT + 10;
  const env: Record<string, string> = {
    ...SERVER_ENV,
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    // What instances of one deployment share (docs/operations.md, "Several instances").
    SECRET_KEY: randomBytes(32).toString('hex'),
    ...(balanced
      ? {
          PUBLIC_URL: `http://127.0.0.1:${entryPort}`,
          PREVIEW_ORIGIN: `http://localhost:${entryPort + 1}`,
        }
      : {}),
  };
  const servers: RunningServer[] = [];
  const running = new Set<RunningServer>();
  let balancer: LoadBalancer | null = null;
  const stop = async () => {
    await balancer?.stop();
    balancer = null;
    await Promise.all([...running].map((server) => server.stop()));
    running.clear();
  };
  cleanup.hold('servers and balancer', stop);
  // One after the other: the first applies the migrations to the new database.
  for (const port of ports) {
    const server = await startServer({ port, env, baseEnv: cleanEnv(), nodeArgs: NODE_ARGS });
    servers.push(server);
    running.add(server);
  }
  if (balanced) {
    balancer = await startLoadBalancer({
      port: entryPort,
      previewPort: entryPort + 1,
      instancePorts: ports,
    });
  }
  return {
    baseUrl: balancer?.baseUrl ?? servers[0]!.baseUrl,
    servers,
    balancer,
    stop,
    databasePids: () => database.backendPids(),
    async readFiles(ids) {
      return storedFilesOnPostgres(database.url, ids);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The population, made through the API before the clock starts.

/** Runs `make(index)` for 0..count-1, `limit` at a time, answering the results in order. */
async function inParallel<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SETUP_CONCURRENCY, count) }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        results[index] = await make(index);
      }
    }),
  );
  return results;
}

interface PresenceTab {
  editor: number;
  socket: WebSocket | null;
  /** Which of its project's `file_saved` sends the next `file_updated` it receives answers. */
  next: number;
}

/**
 * The collaboration sockets, spread over the editors' projects, each signed in as the project's
 * owner; the first of each project is the editing tab, which tells the others of each save.
 */
class PresenceTabs {
  readonly delivery: number[] = [];
  expected = 0;
  received = 0;
  dropped = 0;
  private ending = false;
  private readonly tabs: PresenceTab[];
  /** Each project's sends of `file_saved`, in order, and whether each is counted. */
  private readonly sends: { at: number; counted: boolean }[][];

  constructor(
    private readonly editors: SavingEditor[],
    private readonly baseUrl: string,
  ) {
    this.tabs = Array.from({ length: PRESENCE }, (_, index) => ({
      editor: index % editors.length,
      socket: null,
      next: 0,
    }));
    this.sends = editors.map(() => []);
  }

  get connected() {
    return this.tabs.filter((tab) => tab.socket).length;
  }

  openAll(): Promise<unknown> {
    cleanup.hold('presence sockets', () => this.close());
    return inParallel(this.tabs.length, (index) => this.connect(this.tabs[index]!));
  }

  /** What the editor does after a save: tells its collaborators through its tab's socket. */
  fileSaved(editor: number, counted: boolean) {
    const [own, ...others] = this.tabs.filter((tab) => tab.editor === editor);
    if (!own?.socket) return;
    this.sends[editor]!.push({ at: performance.now(), counted });
    if (counted) this.expected += others.filter((tab) => tab.socket).length;
    own.socket.send(JSON.stringify({ type: 'file_saved', filePath: EDITED_PATH }));
  }

  /** Waits up to `ms` for the deliveries still on their way. */
  async settle(ms: number) {
    const deadline = performance.now() + ms;
    while (this.received < this.expected && performance.now() < deadline) await sleep(50);
  }

  close() {
    this.ending = true;
    for (const tab of this.tabs) tab.socket?.terminate();
  }

  private async connect(tab: PresenceTab): Promise<void> {
    const editor = this.editors[tab.editor]!;
    const socket = await joined(`${this.baseUrl.replace(/^http/, 'ws')}/ws`, editor.projectId, {
      cookie: editor.client.cookieHeader(),
      origin: this.baseUrl,
    });
    tab.socket = socket;
    tab.next = this.sends[tab.editor]!.length;
    socket.send(JSON.stringify({ type: 'active_file', filePath: EDITED_PATH }));
    socket.on('error', () => undefined);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string };
      if (message.type !== 'file_updated') return;
      const send = this.sends[tab.editor]![tab.next];
      tab.next += 1;
      if (!send?.counted) return;
      this.received += 1;
      this.delivery.push(performance.now() - send.at);
    });
    socket.on('close', () => {
      tab.socket = null;
      if (this.ending) return;
      this.dropped += 1;
      // As the client does: connect again after a pause.
      setTimeout(() => {
        if (!this.ending) this.connect(tab).catch(() => undefined);
      }, PRESENCE_LIMITS.reconnectMs);
    });
  }
}

interface Terminal {
  socket: WebSocket;
  timer: EchoTimer;
  closed: boolean;
}

interface RunningApp {
  previewUrl: string;
  agent: Agent;
}

interface Spinner {
  client: BenchClient;
  projectId: string;
}

/** A plain Node server as a project's app: a page and a JSON answer. */
const APP_SERVER = `require('node:http').createServer((request, response) => {
  if (request.url === '/') {
    response.setHeader('content-type', 'text/html');
    return response.end('<!doctype html><html><head></head><body>Hello from the app</body></html>');
  }
  response.setHeader('content-type', 'application/json');
  response.end('{"ok":true}');
}).listen(Number(process.env.PORT));
`;

/** A new account and project, its client released with the rest. */
async function newOwner(baseUrl: string, name: string) {
  const client = await signUp(baseUrl, { name });
  cleanup.hold(`${name} client`, () => client.close());
  return { client, projectId: await createProject(client, name, 'blank') };
}

/** A project's app started by Run app, once its preview answers with the app's page. */
async function startApp(baseUrl: string, index: number): Promise<RunningApp> {
  const { client, projectId } = await newOwner(baseUrl, `App ${index}`);
  await createFile(
    client,
    projectId,
    'package.json',
    JSON.stringify({ name: `load-app-${index}`, scripts: { start: 'node server.js' } }),
  );
  await createFile(client, projectId, 'server.js', APP_SERVER);
  const started = await client.request('POST', `/api/projects/${projectId}/dev-server`, {});
  if (started.status !== 200) {
    throw new Error(`Run app answered ${started.status}: ${started.body.toString()}`);
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  cleanup.hold('preview agent', () => agent.destroy());
  const deadline = performance.now() + 60_000;
  for (;;) {
    const status = await client.request('GET', `/api/projects/${projectId}/dev-server`);
    const { state, previewUrl, message } = status.json<{
      state: string;
      previewUrl: string | null;
      message: string | null;
    }>();
    if (previewUrl) {
      const page = await timedGet(previewUrl, agent, ANSWER_TIMEOUT_MS).catch(() => null);
      if (page?.body.includes('Hello from the app')) return { previewUrl, agent };
    }
    if (state === 'crashed' || state === 'stopped' || performance.now() > deadline) {
      throw new Error(`app ${index} did not answer through its preview (${state}: ${message})`);
    }
    await sleep(200);
  }
}

async function openTerminalOf(baseUrl: string, index: number): Promise<Terminal> {
  const { client, projectId } = await newOwner(baseUrl, `Terminal ${index}`);
  const { socket } = await openTerminal(baseUrl, client, projectId);
  cleanup.hold('terminal', () => socket.terminate());
  const terminal: Terminal = {
    socket,
    timer: new EchoTimer((bytes) => socket.send(bytes, { binary: true })),
    closed: false,
  };
  socket.on('message', (data: Buffer, isBinary) => isBinary && terminal.timer.output(data));
  socket.on('error', () => undefined);
  socket.on('close', () => (terminal.closed = true));
  return terminal;
}

interface Population {
  editors: SavingEditor[];
  ledgers: SaveLedger[];
  presence: PresenceTabs;
  terminals: Terminal[];
  apps: RunningApp[];
  spinners: Spinner[];
}

/** Everyone the load is made of, made through the API before the clock starts. */
async function populate(label: string, baseUrl: string): Promise<Population> {
  const tag = randomBytes(3).toString('hex');
  progress(`${label}: ${EDITORS} editors signing up`);
  const editors = await inParallel(EDITORS, async (index) => {
    const editor = await openSavingEditor(baseUrl, `load-${tag}-${index}@example.com`, index);
    cleanup.hold('editor client', () => editor.client.close());
    return editor;
  });
  const ledgers = editors.map(
    (editor, index) => new SaveLedger(`editor ${index} (${editor.fileId})`),
  );
  progress(`${label}: ${PRESENCE} presence sockets, ${TERMINALS} terminals`);
  const presence = new PresenceTabs(editors, baseUrl);
  await presence.openAll();
  const terminals = await inParallel(TERMINALS, (index) => openTerminalOf(baseUrl, index));
  progress(`${label}: starting ${APPS} apps`);
  const apps: RunningApp[] = [];
  for (let index = 0; index < APPS; index += 1) apps.push(await startApp(baseUrl, index));
  const spinners = await inParallel(SPINNERS, (index) => newOwner(baseUrl, `Runs ${index}`));
  return { editors, ledgers, presence, terminals, apps, spinners };
}

// ---------------------------------------------------------------------------------------------
// The measured load.

/** The load's clock: it starts at `begin`, and what starts from `measureFrom` to `end` counts. */
interface Clock {
  begin: number;
  end: number;
  counted(at: number): boolean;
}

const countInto = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

function editing(population: Population, clock: Clock) {
  const saves = { times: [] as number[], statuses: new Map<number, number>() };
  const done = population.editors.map((editor, index) =>
    // Spread evenly over the second, as people do not type in step.
    paced(
      {
        first: clock.begin + (index * SAVE_INTERVAL_MS) / EDITORS,
        intervalMs: SAVE_INTERVAL_MS,
        end: clock.end,
      },
      async (tick) => {
        const started = performance.now();
        const save = await saveNextEdit(editor, tick);
        population.ledgers[index]!.record(save);
        if (clock.counted(started)) {
          saves.times.push(save.ms);
          countInto(saves.statuses, save.status);
        }
        if (save.status === 200) {
          population.presence.fileSaved(index, clock.counted(performance.now()));
        }
      },
    ),
  );
  return { saves, done };
}

function typing(terminals: Terminal[], clock: Clock) {
  const echo = { times: [] as number[], missing: 0 };
  const done = terminals.map((terminal, index) => {
    const command = `echo load ${index}`;
    return paced(
      {
        first: clock.begin + (index * KEYSTROKE_INTERVAL_MS) / TERMINALS,
        intervalMs: KEYSTROKE_INTERVAL_MS,
        end: clock.end,
      },
      async (tick) => {
        if (terminal.closed) return;
        const position = tick % (command.length + 1);
        const started = performance.now();
        if (position === command.length) {
          const prompted = await terminal.timer.enter(ANSWER_TIMEOUT_MS);
          if (!prompted && clock.counted(started)) echo.missing += 1;
          return;
        }
        const ms = await terminal.timer.keystroke(command[position]!, ANSWER_TIMEOUT_MS);
        if (!clock.counted(started)) return;
        if (Number.isNaN(ms)) echo.missing += 1;
        else echo.times.push(ms);
      },
    );
  });
  return { echo, done };
}

function previewing(apps: RunningApp[], clock: Clock) {
  const preview = { times: [] as number[], failures: new Map<string, number>() };
  const done = apps.map((app, index) =>
    paced(
      {
        first: clock.begin + (index * PREVIEW_INTERVAL_MS) / APPS,
        intervalMs: PREVIEW_INTERVAL_MS,
        end: clock.end,
      },
      async (tick) => {
        // The app's page, then what its script would fetch, in turn.
        const url = tick % 2 === 0 ? app.previewUrl : new URL('api/item', app.previewUrl).href;
        const started = performance.now();
        const answer = await timedGet(url, app.agent, ANSWER_TIMEOUT_MS).catch(
          (error: Error) => error,
        );
        if (!clock.counted(started)) return;
        if (answer instanceof Error) countInto(preview.failures, answer.message);
        else if (answer.status !== 200) countInto(preview.failures, `HTTP ${answer.status}`);
        else preview.times.push(answer.ms);
      },
    ),
  );
  return { preview, done };
}

/**
 * The control: GET /api/health (a database ping) every 100 ms on a connection of its own. When
 * it is as slow as a save, the server as a whole was behind, not the save's own work.
 */
function checkingHealth(baseUrl: string, clock: Clock) {
  const health = { times: [] as number[], unanswered: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  cleanup.hold('health agent', () => agent.destroy());
  const done = paced(
    { first: clock.begin, intervalMs: HEALTH_INTERVAL_MS, end: clock.end },
    async () => {
      const started = performance.now();
      const answer = await timedGet(`${baseUrl}/api/health`, agent, ANSWER_TIMEOUT_MS).catch(
        () => null,
      );
      if (!clock.counted(started)) return;
      if (answer?.status === 200) health.times.push(answer.ms);
      else health.unanswered += 1;
    },
  );
  return { health, done };
}

/**
 * How late each server's thread came back to waiting work, as its /api/health says (over its
 * last one to two minutes, so the load and a little before it); null when it did not answer.
 */
async function serverEventLoop(server: RunningServer) {
  const agent = new Agent({ keepAlive: false });
  try {
    const answer = await timedGet(`${server.baseUrl}/api/health`, agent, ANSWER_TIMEOUT_MS);
    const { eventLoop } = HealthSchema.parse(JSON.parse(answer.body));
    return eventLoop;
  } catch {
    return null;
  } finally {
    agent.destroy();
  }
}

/** Busy loops run one after the other in each project until the end, a run at a time. */
function spinning(spinners: Spinner[], clock: Clock) {
  const runs = { finished: 0, failures: new Map<string, number>(), firstAnswer: '' };
  const done = spinners.map(async ({ client, projectId }) => {
    await sleep(Math.max(0, clock.begin - performance.now()));
    while (performance.now() < clock.end) {
      const response = await client
        .request('POST', `/api/projects/${projectId}/execute`, {
          filePath: 'spin.js',
          code: 'let turns = 0;\nfor (;;) turns += 1;\n',
        })
        .catch((error: Error) => error);
      if (response instanceof Error || response.status !== 200) {
        countInto(
          runs.failures,
          response instanceof Error ? response.message : `HTTP ${response.status}`,
        );
        await sleep(1000);
        continue;
      }
      runs.finished += 1;
      const { error } = response.json<{ error: string | null }>();
      runs.firstAnswer ||= (error ?? 'no error').slice(0, 60);
    }
  });
  return { runs, done };
}

interface Figures {
  configuration: Configuration;
  saves: { times: number[]; statuses: Map<number, number>; acknowledged: number; lost: string[] };
  echo: { times: number[]; missing: number; terminalsClosed: number };
  preview: { times: number[]; failures: Map<string, number> };
  health: { times: number[]; unanswered: number };
  presence: {
    connected: number;
    dropped: number;
    delivery: number[];
    expected: number;
    received: number;
  };
  runs: { finished: number; failures: Map<string, number>; firstAnswer: string };
  cpu: {
    windowMs: number;
    servers: number[];
    sandboxes: number;
    /** PostgreSQL's backends serving this benchmark's database (PGlite runs in the server). */
    database: number;
    bench: number;
    balancer: number;
    machineBusy: number;
  };
  benchLoopDelayP99: number;
  /** Each server's event-loop delay from its /api/health; null when it did not answer. */
  serverLoops: (Health['eventLoop'] | null)[];
  load: { start: number[]; end: number[] };
}

async function cpuSnapshot(deployment: Deployment) {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    servers: await Promise.all(deployment.servers.map((server) => processCpuMs(server.pid))),
    bench: (usage.user + usage.system) / 1000,
    balancer: deployment.balancer ? await processCpuMs(deployment.balancer.pid) : 0,
    machine: await machineCpuMs(),
  };
}

/** CPU used from `start` to `end`, each in ms of a core. */
function cpuBetween(
  start: Awaited<ReturnType<typeof cpuSnapshot>>,
  end: Awaited<ReturnType<typeof cpuSnapshot>>,
) {
  const windowMs = end.at - start.at;
  const busy = end.machine.busy - start.machine.busy;
  const total = end.machine.total - start.machine.total;
  return {
    windowMs,
    servers: end.servers.map((value, index) => value - start.servers[index]!),
    bench: end.bench - start.bench,
    balancer: end.balancer - start.balancer,
    // Of all the machine's cores together, in ms of a core as the others are.
    machineBusy: (busy / total) * os.cpus().length * windowMs,
  };
}

async function measure(configuration: Configuration, deployment: Deployment): Promise<Figures> {
  const { label } = configuration;
  const population = await populate(label, deployment.baseUrl);
  progress(`${label}: load for ${WARMUP_SECONDS} s of warm-up and ${SECONDS} s counted`);
  const begin = performance.now() + 100;
  const measureFrom = begin + WARMUP_SECONDS * 1000;
  const end = measureFrom + SECONDS * 1000;
  const clock: Clock = { begin, end, counted: (at) => at >= measureFrom && at < end };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const sandboxes = new SampledCpu(() =>
    deployment.servers.flatMap((server) => (server.pid ? descendantsOf(server.pid) : [])),
  );
  const database = new SampledCpu(deployment.databasePids, 1000);
  const atStart = sleep(Math.max(0, measureFrom - performance.now())).then(async () => {
    loopDelay.enable();
    await Promise.all([sandboxes.start(), database.start()]);
    return { cpu: await cpuSnapshot(deployment), load: os.loadavg() };
  });

  const edits = editing(population, clock);
  const keys = typing(population.terminals, clock);
  const previews = previewing(population.apps, clock);
  const spins = spinning(population.spinners, clock);
  const control = checkingHealth(deployment.baseUrl, clock);
  await Promise.all([...edits.done, ...keys.done, ...previews.done, control.done]);
  const start = await atStart;
  const endCpu = await cpuSnapshot(deployment);
  const sandboxesMs = await sandboxes.stop();
  const databaseMs = await database.stop();
  const endLoad = os.loadavg();
  loopDelay.disable();
  const serverLoops = await Promise.all(deployment.servers.map(serverEventLoop));
  progress(`${label}: load ended; waiting for the last runs`);
  await Promise.all([...spins.done, population.presence.settle(2000)]);
  const { presence } = population;
  const connected = presence.connected;
  presence.close();
  const terminalsClosed = population.terminals.filter((terminal) => terminal.closed).length;

  progress(`${label}: stopping the servers, reading every saved file back`);
  await deployment.stop();
  const stored = await deployment.readFiles(population.editors.map((editor) => editor.fileId));
  const checks = population.editors.map((editor, index) =>
    population.ledgers[index]!.check(stored.get(editor.fileId) ?? null),
  );
  return {
    configuration,
    saves: {
      ...edits.saves,
      acknowledged: checks.reduce((total, check) => total + check.acknowledged, 0),
      lost: checks.flatMap((check) => check.lost),
    },
    echo: { ...keys.echo, terminalsClosed },
    preview: previews.preview,
    health: control.health,
    presence: {
      connected,
      dropped: presence.dropped,
      delivery: presence.delivery,
      expected: presence.expected,
      received: presence.received,
    },
    runs: spins.runs,
    cpu: { ...cpuBetween(start.cpu, endCpu), sandboxes: sandboxesMs, database: databaseMs },
    benchLoopDelayP99: loopDelay.percentile(99) / 1e6,
    serverLoops,
    load: { start: start.load, end: endLoad },
  };
}

// ---------------------------------------------------------------------------------------------
// The table.

const ms1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const p = (values: number[], percentile: number) =>
  supportedPercentile(sortedOf(values), percentile);
const sum = (map: Map<unknown, number>) => [...map.values()].reduce((total, n) => total + n, 0);
/** Whether a percentile met its goal; a p99 of fewer than 100 samples is not one. */
const below = (value: number, goal: number) =>
  !Number.isFinite(value) ? 'too few samples' : value < goal ? 'met' : 'MISSED';
const listOf = <K>(map: Map<K, number>) => [...map].map(([key, n]) => `${key} x${n}`).join(', ');

function errorsOf(figures: Figures) {
  const saveErrors = sum(figures.saves.statuses) - (figures.saves.statuses.get(200) ?? 0);
  return (
    saveErrors +
    figures.echo.missing +
    figures.echo.terminalsClosed +
    sum(figures.preview.failures) +
    figures.presence.dropped +
    (figures.presence.expected - figures.presence.received) +
    sum(figures.runs.failures)
  );
}

function report(results: Figures[]) {
  const cores = os.cpus().length;
  const share = (figures: Figures, coreMs: number) =>
    `${((100 * coreMs) / figures.cpu.windowMs).toFixed(0)}%`;
  const rows: [string, (figures: Figures) => string | number][] = [
    [
      'saves counted (acknowledged in all)',
      (f) => `${f.saves.times.length} (${f.saves.acknowledged})`,
    ],
    [
      'save p50 / p99 / max ms',
      (f) => {
        const times = f.saves.times;
        return `${ms1(p(times, 50))} / ${ms1(p(times, 99))} / ${ms1(Math.max(...times))}`;
      },
    ],
    [
      'save errors',
      (f) => {
        const errors = new Map([...f.saves.statuses].filter(([status]) => status !== 200));
        return errors.size === 0 ? '0' : `${sum(errors)} (${listOf(errors)})`;
      },
    ],
    ['acknowledged saves lost', (f) => f.saves.lost.length],
    [
      'terminal echo p50 / p99 / max ms',
      (f) => {
        const times = f.echo.times;
        return `${ms1(p(times, 50))} / ${ms1(p(times, 99))} / ${ms1(Math.max(...times))}`;
      },
    ],
    [
      'keystrokes timed; echoes or prompts missing; terminals closed',
      (f) => `${f.echo.times.length}; ${f.echo.missing}; ${f.echo.terminalsClosed}`,
    ],
    [
      'preview p50 / p99 / max ms',
      (f) => {
        const times = f.preview.times;
        return `${ms1(p(times, 50))} / ${ms1(p(times, 99))} / ${ms1(Math.max(...times))}`;
      },
    ],
    [
      'control: GET /api/health p50 / p99 ms; failed or over 5 s',
      (f) =>
        `${ms1(p(f.health.times, 50))} / ${ms1(p(f.health.times, 99))}; ${f.health.unanswered}`,
    ],
    [
      'preview requests; errors',
      (f) =>
        `${f.preview.times.length}; ${f.preview.failures.size === 0 ? 0 : listOf(f.preview.failures)}`,
    ],
    [
      'presence sockets open at the end; dropped',
      (f) => `${f.presence.connected}/${PRESENCE}; ${f.presence.dropped}`,
    ],
    [
      'presence file_updated p50 / p99 ms; delivered',
      (f) =>
        `${ms1(p(f.presence.delivery, 50))} / ${ms1(p(f.presence.delivery, 99))}; ` +
        `${f.presence.received}/${f.presence.expected}`,
    ],
    [
      'busy-loop runs finished (first answer); failed',
      (f) =>
        `${f.runs.finished} (${f.runs.firstAnswer}); ${f.runs.failures.size === 0 ? 0 : listOf(f.runs.failures)}`,
    ],
    [
      'server CPU, % of a core (each instance)',
      (f) => f.cpu.servers.map((coreMs) => share(f, coreMs)).join(' + '),
    ],
    ['sandboxes CPU (runs, terminals, apps), % of a core', (f) => share(f, f.cpu.sandboxes)],
    [
      'server event-loop delay p99 / max ms (its last 1-2 min)',
      (f) =>
        f.serverLoops
          .map((loop) => (loop ? `${ms1(loop.p99Ms)} / ${ms1(loop.maxMs)}` : '-'))
          .join(' + '),
    ],
    [
      'this bench CPU, % of a core; event-loop delay p99 ms',
      (f) => `${share(f, f.cpu.bench)}; ${ms1(f.benchLoopDelayP99)}`,
    ],
    [
      'PostgreSQL backends of its database CPU, % of a core',
      (f) => (f.configuration.database === 'postgres' ? share(f, f.cpu.database) : '-'),
    ],
    ['HAProxy CPU, % of a core', (f) => (f.cpu.balancer ? share(f, f.cpu.balancer) : '-')],
    [
      'the rest of the machine (other work), % of a core',
      (f) => {
        const ours = f.cpu.servers.reduce((total, coreMs) => total + coreMs, 0);
        const { sandboxes, database, bench, balancer, machineBusy } = f.cpu;
        return share(f, machineBusy - ours - sandboxes - database - bench - balancer);
      },
    ],
    [
      `machine busy, % of a core (${cores} cores: ${cores * 100}%)`,
      (f) => share(f, f.cpu.machineBusy),
    ],
    ['load average 1/5/15 min at start', (f) => f.load.start.map((v) => v.toFixed(2)).join(' ')],
    ['load average 1/5/15 min at end', (f) => f.load.end.map((v) => v.toFixed(2)).join(' ')],
    [
      `goal: save p99 < ${SAVE_GOAL_P99_MS} ms`,
      (f) => below(p(f.saves.times, 99), SAVE_GOAL_P99_MS),
    ],
    [
      `goal: terminal echo p99 < ${ECHO_GOAL_P99_MS} ms`,
      (f) => below(p(f.echo.times, 99), ECHO_GOAL_P99_MS),
    ],
    ['goal: zero errors', (f) => (errorsOf(f) === 0 ? 'met' : `MISSED (${errorsOf(f)})`)],
    ['goal: zero saves lost', (f) => (f.saves.lost.length === 0 ? 'met' : 'MISSED')],
  ];
  console.log('');
  console.log(
    `Load: ${EDITORS} editors saving every ${SAVE_INTERVAL_MS / 1000} s, ${PRESENCE} presence ` +
      `sockets, ${TERMINALS} terminals typing every ${KEYSTROKE_INTERVAL_MS} ms, ${APPS} running ` +
      `apps asked every ${PREVIEW_INTERVAL_MS} ms through their previews, ${SPINNERS} busy-loop ` +
      `runs; ${SECONDS} s counted after ${WARMUP_SECONDS} s of warm-up, on ${cores} cores ` +
      `(${os.cpus()[0]?.model.trim() ?? 'unknown'}), the load generator on the same machine. ` +
      `Errors: failed saves, missing echoes and prompts, closed terminals, failed preview ` +
      `requests and runs, dropped presence sockets and undelivered file_updated messages.`,
  );
  if (results.some((figures) => figures.configuration.instances > 1)) {
    console.log(
      'Two instances: HAProxy sends requests and sockets round-robin, but terminals and ' +
        'running apps live in the instance that started them, so /api/terminal/{id}, ' +
        '/api/projects/{id}/dev-server and previews go to one instance by project.',
    );
  }
  printTable(
    ['', ...results.map((figures) => figures.configuration.label)],
    rows.map(([label, value]) => [label, ...results.map((figures) => String(value(figures)))]),
  );
  for (const figures of results) {
    for (const lost of figures.saves.lost.slice(0, 10)) {
      console.log(`${figures.configuration.label}: lost ${lost}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

function configurations(): Configuration[] {
  const chosen: Configuration[] = [];
  for (const instances of INSTANCES) {
    for (const database of DATABASES) {
      if (instances > 1 && database === 'pglite') {
        // The embedded database belongs to one process.
        continue;
      }
      const on = database === 'pglite' ? 'PGlite' : 'PostgreSQL + Redis';
      chosen.push({
        label: instances > 1 ? `${instances} instances, HAProxy, ${on}` : `1 instance, ${on}`,
        database,
        instances,
      });
    }
  }
  return chosen;
}

async function main() {
  if (!existsSync('/usr/bin/bwrap')) {
    console.error(
      'bench/load opens terminals and runs apps in bubblewrap: apt-get install bubblewrap',
    );
    process.exit(1);
  }
  const chosen = configurations();
  if (chosen.some((configuration) => configuration.instances > 1)) {
    const missing = haproxyMissing();
    if (missing) {
      console.error(missing);
      process.exit(1);
    }
  }
  const results: Figures[] = [];
  for (const configuration of chosen) {
    const mark = cleanup.mark();
    try {
      progress(`${configuration.label}: starting`);
      const deployment =
        configuration.database === 'pglite'
          ? await deployPglite()
          : await deployPostgres(configuration.instances);
      results.push(await measure(configuration, deployment));
    } finally {
      await cleanup.releaseTo(mark);
    }
  }
  report(results);
  if (results.some((figures) => figures.saves.lost.length > 0)) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanup.releaseTo();
}
