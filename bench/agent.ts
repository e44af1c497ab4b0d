// bench/agent: what Kiln's agent loop itself costs per tool step, with a model that answers
// instantly, and how long the first token of an answer takes to go from the model, through
// Kiln, to the browser.
//  1. Per tool step: Kiln built in this process (as server/src/test/app.ts builds it) with the
//     scripted model of server/src/test/scripted-model.ts, on the embedded database on disk and,
//     when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a throwaway
//     database there. Each sample is a pair of turns, POST /api/ai/agent with a JSON answer: one
//     whose model makes N tool calls of a kind and then answers, and one that answers at once;
//     the step costs their difference over N. Every step is checked to have done its work (a
//     refused or failed step is cheaper and would flatter the figure). Goal: under 10 ms a step
//     on the embedded database.
//  2. First token: the production server (server/dist) with OPENAI_BASE_URL on the local Chat
//     Completions stand-in (server/src/test/model-stand-in) run in this process, whose answer
//     writes its first token 2 x FIRST_TOKEN_GAP_MS after the request. Timed from the stand-in
//     handing that chunk to its socket to a page in headless Chromium seeing the SSE `text`
//     event (a fetch in the page), and to the editor's AI Chat showing the token (a
//     MutationObserver). Anchor: the same answer read straight from the stand-in by Node's fetch,
//     in a process of its own and in this one. Goal: under 50 ms.
// It is a measurement, not a test: it prints met/MISSED and exits 0 either way.
// Run: npm run build && npm run agent -w bench   (BENCH_DATABASE_URL adds PostgreSQL)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { embeddedEngine, inject, postgresEngine, type Engine } from './lib/in-process';
import { queryRows, type DatabaseHandle } from '../server/src/db/client';
import { loadEnv } from '../server/src/env';
import { CheckpointRecorder } from '../server/src/modules/ai/agent/checkpoint-recorder';
import { RegexSearchPool } from '../server/src/modules/files/regex-pool';
import { searchFiles } from '../server/src/modules/files/search';
import {
  createFile,
  getFileByPath,
  listFiles,
  saveFileContent,
} from '../server/src/modules/files/service';
import { ProjectTextCache } from '../server/src/modules/files/text-cache';
import { storageCapsFrom } from '../server/src/modules/projects';
import { startModelStandIn } from '../server/src/test/model-stand-in';
import {
  scriptedModel,
  scriptedProviders,
  type ScriptedStep,
} from '../server/src/test/scripted-model';
import { launchChromium } from './lib/browser';
import { cleanEnv } from './lib/clean-env';
import { epochNow, measureClockOffset, type ClockOffset } from './lib/clock';
import { BenchClient, percentile, printTable, repoRoot, startServer } from './lib/server';
import { recordResponseWrites } from './lib/write-stamps';

const PORT = 5330;
/** The direct writers run as on a server without PROJECT_MAX_MB or PROJECT_MAX_FILES. */
const NO_SERVER_CAPS = storageCapsFrom({});
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const FILES = 200;
const TURNS = 30;
const STEPS_PER_TURN = 10;
/** list_files takes no arguments, so a second call in a turn is refused as a repeat. */
const LIST_SAMPLES = 60;
const RUN_SAMPLES = 10;
const STEP_GOAL_MS = 10;
const FIRST_TOKEN_SAMPLES = 40;
/** The stand-in waits this long before each chunk: the role chunk, then the first token. */
const FIRST_TOKEN_GAP_MS = 100;
const FIRST_TOKEN_GOAL_MS = 50;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const stats = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
};
const progress = (message: string) => console.error(`- ${message}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Builds client and server when missing or older than their sources, as `npm start` does. */
function buildIfStale() {
  const check = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { isStale } from './scripts/freshness.mjs';
const shared = ['shared/src', 'package-lock.json'];
const stale = isStale('server/dist/main.js', ['server/src', 'server/scripts', ...shared]) ||
  isStale('client/dist/index.html', ['client/src', 'client/public', 'client/index.html', 'client/vite.config.ts', ...shared]);
process.exit(stale ? 1 : 0);`,
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (check.status === 0) return;
  progress('the build is missing or older than its sources: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build exited with ${build.status}`);
}

// ---------------------------------------------------------------------------------------------
// 1. Kiln's own cost per tool step.

const modulePath = (index: number) => `src/module-${index % FILES}.js`;
const moduleText = (index: number) =>
  `export const value${index} = ${index};\n${'// filler line of a module\n'.repeat(40)}`;

/** Each module's `valueN = X` now: an edit changes X, so the next edit of it searches the new one. */
const moduleValues = new Map<number, number>();

function nextEdit(index: number) {
  const module = index % FILES;
  const now = moduleValues.get(module) ?? module;
  moduleValues.set(module, now + 1000);
  return {
    path: modulePath(index),
    search: `value${module} = ${now};`,
    replace: `value${module} = ${now + 1000};`,
  };
}

type StepKind = 'read_file' | 'edit_file' | 'write_file' | 'search_files' | 'list_files';

/** One tool call as the model would make it on the project of FILES modules. */
function stepFor(kind: StepKind, index: number): ScriptedStep {
  switch (kind) {
    case 'read_file':
      return { toolCalls: [{ name: 'read_file', input: { path: modulePath(index) } }] };
    case 'write_file':
      return {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: `out/file-${index}.js`, content: `export const n = ${index};\n` },
          },
        ],
      };
    case 'edit_file':
      return { toolCalls: [{ name: 'edit_file', input: nextEdit(index) }] };
    case 'search_files':
      return { toolCalls: [{ name: 'search_files', input: { query: `value${index % FILES} ` } }] };
    case 'list_files':
      return { toolCalls: [{ name: 'list_files', input: {} }] };
  }
}

/** What each tool answers when it did its work, read from the result the model was given. */
const DID_ITS_WORK: Record<StepKind | 'run_file', RegExp> = {
  read_file: /export const value\d+ =/,
  edit_file: /Edited src\/module-\d+\.js: 1 replacement/,
  write_file: /Created out\/file-\d+\.js/,
  search_files: /src\/module-\d+\.js/,
  list_files: /src\/module-\d+\.js \(\d+ bytes\)/,
  run_file: /Exit code: 0/,
};

interface StepRow {
  kind: string;
  /** Per step, ms, one figure a sample. */
  perStep: number[];
  /** The same tool's file-service calls made directly, ms a step (null: not measured). */
  service: number | null;
}

interface EngineResult {
  label: string;
  empty: number[];
  rows: StepRow[];
}

async function perStepCost(engine: Engine, dataDir: string): Promise<EngineResult> {
  const model = scriptedModel();
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Hundreds of turns a minute: the per-user limit is not what is measured.
    AI_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = await buildApp({
    env,
    database: engine.database,
    clientDir: false,
    logger: false,
    aiProviders: scriptedProviders(model.model),
  });
  await app.ready();
  const { db } = engine.database;
  const regexPool = new RegexSearchPool({ timeoutMs: 2_000, maxWorkers: 1, maxWaiting: 8 });
  try {
    const cookies = new Map<string, string>();
    const email = `bench-${randomBytes(3).toString('hex')}@example.com`;
    await inject(app, cookies, 'GET', '/api/health');
    const registered = await inject(app, cookies, 'POST', '/api/auth/register', {
      email,
      password: 'bench-password',
      name: 'Bench',
    });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.body}`);
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`select id from users where lower(email) = lower(${email})`,
    );
    const userId = user!.id;
    const projectId = (
      await inject(app, cookies, 'POST', '/api/projects', { name: 'Agent bench' })
    ).json<{ id: string }>().id;
    for (let index = 0; index < FILES; index += 1) {
      const created = await inject(app, cookies, 'POST', '/api/files', {
        projectId,
        path: modulePath(index),
        content: moduleText(index),
      });
      if (created.statusCode !== 201) throw new Error(`create file answered ${created.body}`);
    }

    const turn = async (steps: ScriptedStep[], kind?: keyof typeof DID_ITS_WORK) => {
      // Each turn starts a fresh conversation, so every turn carries the same history.
      await inject(app, cookies, 'DELETE', `/api/ai/conversation?projectId=${projectId}`);
      model.script([...steps, { text: 'Done.' }]);
      const started = performance.now();
      const response = await inject(app, cookies, 'POST', '/api/ai/agent', {
        projectId,
        message: 'bench',
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) {
        throw new Error(`agent answered ${response.statusCode}: ${response.body}`);
      }
      if (model.calls.length !== steps.length + 1) {
        throw new Error(`expected ${steps.length + 1} model calls, saw ${model.calls.length}`);
      }
      // The last message of every call after the first is the previous step's tool result.
      if (kind) {
        for (const call of model.calls.slice(1)) {
          const result = JSON.stringify(call.prompt.at(-1));
          if (
            !DID_ITS_WORK[kind].test(result) ||
            /Error: |You already called|Stopped: /.test(result)
          ) {
            throw new Error(`a ${kind} step did not do its work: ${result.slice(0, 300)}`);
          }
        }
      }
      return elapsed;
    };
    /** A turn of `steps` and, next to it, one without steps, alternating which goes first. */
    const paired = async (
      sample: number,
      steps: ScriptedStep[],
      kind: keyof typeof DID_ITS_WORK,
    ) => {
      if (sample % 2 === 0) {
        const base = await turn([]);
        return { base, full: await turn(steps, kind) };
      }
      const full = await turn(steps, kind);
      return { base: await turn([]), full };
    };

    for (let index = 0; index < 10; index += 1) {
      await turn([]);
      await turn([stepFor('read_file', index)], 'read_file');
    }
    const empty: number[] = [];
    const rows: StepRow[] = [];
    // Reading kinds first, writing ones last: writes add files, and listing and search should
    // see the project of FILES files the table names.
    const kinds: StepKind[] = [
      'list_files',
      'read_file',
      'search_files',
      'edit_file',
      'write_file',
    ];
    for (const kind of kinds) {
      progress(`${engine.label}: ${kind}`);
      const count = kind === 'list_files' ? 1 : STEPS_PER_TURN;
      const samples = kind === 'list_files' ? LIST_SAMPLES : TURNS;
      const perStep: number[] = [];
      for (let sample = 0; sample < samples; sample += 1) {
        const steps = Array.from({ length: count }, (_, index) =>
          stepFor(kind, sample * count + index),
        );
        const { base, full } = await paired(sample, steps, kind);
        empty.push(base);
        perStep.push((full - base) / count);
      }
      rows.push({
        kind,
        perStep,
        service: await serviceCost(kind, { db, userId, projectId, regexPool }),
      });
    }
    // run_file starts a program in the sandbox: its cost is the sandbox's (bench/exec).
    progress(`${engine.label}: run_file`);
    const runs: number[] = [];
    for (let sample = 0; sample < RUN_SAMPLES; sample += 1) {
      const step = { toolCalls: [{ name: 'run_file', input: { path: modulePath(sample) } }] };
      const { base, full } = await paired(sample, [step], 'run_file');
      runs.push(full - base);
    }
    rows.push({ kind: 'run_file (sandbox start included)', perStep: runs, service: null });
    return { label: engine.label, empty, rows };
  } finally {
    await regexPool.close();
    await app.close();
  }
}

/**
 * The file-service calls a tool makes, made directly STEPS_PER_TURN times on the same project
 * and database: what of a step is the files' work, the rest being the SDK's and the loop's.
 */
async function serviceCost(
  kind: StepKind,
  scope: {
    db: DatabaseHandle['db'];
    userId: string;
    projectId: string;
    regexPool: RegexSearchPool;
  },
): Promise<number> {
  const { db, userId, projectId } = scope;
  const textCache = new ProjectTextCache(0);
  const recorder = new CheckpointRecorder(db, projectId);
  const timings: number[] = [];
  for (let sample = 0; sample < TURNS; sample += 1) {
    const started = performance.now();
    for (let step = 0; step < STEPS_PER_TURN; step += 1) {
      const index = 100_000 + sample * STEPS_PER_TURN + step;
      if (kind === 'read_file') {
        await getFileByPath({ db, projectId, path: modulePath(index) });
      } else if (kind === 'edit_file') {
        const edit = nextEdit(index);
        const file = await getFileByPath({ db, projectId, path: edit.path });
        await recorder.captureBefore([edit.path]);
        const outcome = await saveFileContent({
          db,
          storageCaps: NO_SERVER_CAPS,
          userId,
          fileId: file!.id,
          content: file!.content!.replace(edit.search, edit.replace),
          baseVersion: file!.version,
        });
        if (!outcome.saved) throw new Error('a direct edit was refused');
      } else if (kind === 'write_file') {
        const target = `out/direct-${index}.js`;
        await getFileByPath({ db, projectId, path: target });
        await recorder.captureBefore([target]);
        await createFile({
          db,
          storageCaps: NO_SERVER_CAPS,
          userId,
          input: {
            projectId,
            path: target,
            content: `export const n = ${index};\n`,
            isDirectory: false,
          },
        });
      } else if (kind === 'search_files') {
        await searchFiles({
          db,
          regexPool: scope.regexPool,
          textCache,
          userId,
          projectId,
          input: { query: `value${index % FILES} `, caseSensitive: false, useRegex: false },
        });
      } else {
        await listFiles({ db, userId, projectId });
      }
    }
    timings.push((performance.now() - started) / STEPS_PER_TURN);
  }
  return stats(timings).p50;
}

async function stepCosts(): Promise<EngineResult[]> {
  const results: EngineResult[] = [];
  const targets: (() => Promise<Engine>)[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-agent-'));
  targets.push(() => embeddedEngine(dataDir));
  if (POSTGRES_URL) targets.push(() => postgresEngine(POSTGRES_URL));
  try {
    for (const open of targets) {
      moduleValues.clear();
      const engine = await open();
      try {
        results.push(await perStepCost(engine, dataDir));
      } finally {
        await engine.close();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}

function printStepCosts(results: EngineResult[]) {
  console.log(
    `\n1. Kiln's own cost per tool step, ms: a model that answers at once, a project of ${FILES} ` +
      `files, POST /api/ai/agent (JSON answer) in this process. Each sample pairs a turn of N ` +
      `steps with one of none; a step is their difference over N (N = ${STEPS_PER_TURN}, ` +
      `${TURNS} samples; list_files N = 1, ${LIST_SAMPLES} samples, as a second list in a turn ` +
      `is refused as a repeat; run_file N = 1, ${RUN_SAMPLES} samples). "file service" is the ` +
      `same tool's file-service calls made directly (p50); the rest is the AI SDK, the tool ` +
      `wrapper, the events and the loop. The goal applies to the embedded database.`,
  );
  printTable(
    ['database', 'step', 'p50', 'p95', 'file service', 'rest (p50)', `goal < ${STEP_GOAL_MS}`],
    results.flatMap((result) => {
      const empty = stats(result.empty);
      return [
        [result.label, 'turn without steps (whole turn)', ms(empty.p50), ms(empty.p95), '', '', ''],
        ...result.rows.map((row) => {
          const { p50, p95 } = stats(row.perStep);
          const sandboxed = row.service === null;
          const goal =
            sandboxed || result.label !== 'embedded' ? '' : p50 < STEP_GOAL_MS ? 'met' : 'MISSED';
          return [
            result.label,
            row.kind,
            ms(p50),
            ms(p95),
            sandboxed ? '' : ms(row.service!),
            sandboxed ? '' : ms(p50 - row.service!),
            goal,
          ];
        }),
      ];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// 2. The first token, model to browser.

/** A Node process of its own that reads the stand-in as Kiln's server would, with fetch. */
const ANCHOR_CLIENT = `
const now = () => performance.timeOrigin + performance.now();
process.on('message', async (message) => {
  if (message.type === 'time') return process.send({ at: now() });
  const response = await fetch(message.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: message.body,
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let seenAt = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!seenAt && text.includes(message.marker)) seenAt = now();
  }
  process.send({ at: seenAt });
});
`;

function startAnchorClient() {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', ANCHOR_CLIENT],
    {
      env: cleanEnv(),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`the anchor client exited with ${code}`);
  });
  const ask = (message: object) =>
    new Promise<number>((resolve) => {
      child.once('message', (answer) => resolve((answer as { at: number }).at));
      child.send(message);
    });
  return {
    now: () => ask({ type: 'time' }),
    read: (url: string, body: string, marker: string) => ask({ type: 'read', url, body, marker }),
    close() {
      child.kill();
    },
  };
}

/** In the page: POST /api/ai/agent as an event stream; when the marker's text event arrived. */
const PAGE_FETCH = (projectId: string, marker: string) => `(async () => {
  const csrf = (/(?:^|; )csrf_token=([^;]+)/.exec(document.cookie) || [])[1] || '';
  const response = await fetch('/api/ai/agent', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': csrf },
    body: JSON.stringify({ projectId: ${JSON.stringify(projectId)}, message: 'hi' }),
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let seenAt = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!seenAt && text.includes('"type":"text","delta":"${marker}')) {
      seenAt = performance.timeOrigin + performance.now();
    }
  }
  return seenAt;
})()`;

/** In the editor: note when the chat's message list first holds the marker. */
const WATCH_CHAT = (marker: string) => `(() => {
  window.__kilnSeen = 0;
  const log = document.querySelector('[role="log"][aria-label="AI chat messages"]');
  const observer = new MutationObserver(() => {
    if (log && log.textContent.includes(${JSON.stringify(marker)})) {
      window.__kilnSeen = performance.timeOrigin + performance.now();
      observer.disconnect();
    }
  });
  observer.observe(log, { childList: true, subtree: true, characterData: true });
  return Boolean(log);
})()`;

const PAGE_TIME = 'performance.timeOrigin + performance.now()';

interface FirstTokenResult {
  rows: { path: string; delays: number[]; goal: boolean }[];
  pageClock: ClockOffset;
  anchorClock: ClockOffset;
}

async function firstTokenDelay(): Promise<FirstTokenResult> {
  const standIn = await startModelStandIn();
  const standInPort = Number(new URL(standIn.url).port);
  const writes = recordResponseWrites(standInPort);
  let marker = '';
  // Unmarked requests get this reply at any turn of their conversation: a token naming the
  // sample, so each delay is matched to its own write.
  const reply = () => ({ text: [marker, ' and the rest.'], delayMs: FIRST_TOKEN_GAP_MS });
  standIn.script(Array.from({ length: 1000 }, () => reply));
  const server = await startServer({
    port: PORT,
    baseEnv: cleanEnv(),
    env: {
      OPENAI_BASE_URL: `${standIn.url}/v1`,
      OPENAI_MODEL: 'stand-in',
      AI_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  const browser = await launchChromium({ env: cleanEnv() });
  const anchor = startAnchorClient();
  try {
    const client = new BenchClient(server.baseUrl);
    const registered = await client.request('POST', '/api/auth/register', {
      email: `first-${randomBytes(3).toString('hex')}@example.com`,
      password: 'bench-password',
      name: 'Bench',
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const created = await client.request('POST', '/api/projects', { name: 'Token bench' });
    const projectId = created.json<{ id: string }>().id;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      client.cookieList().map(([name, value]) => ({ name, value, url: server.baseUrl })),
    );
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/api/health`);
    const pageClock = await measureClockOffset(() => page.evaluate<number>(PAGE_TIME));
    const anchorClock = await measureClockOffset(anchor.now);

    const sample = async (index: number, seen: () => Promise<number>, clock: ClockOffset) => {
      marker = `Token${index}x${randomBytes(2).toString('hex')}`;
      writes.clear();
      const seenAt = (await seen()) - clock.offset;
      const writtenAt = writes.firstWriteOf(`"content":"${marker}`);
      if (!seenAt || writtenAt === undefined) throw new Error(`sample ${index}: token not seen`);
      const delay = seenAt - writtenAt;
      // Nothing arrives before it is sent: an earlier arrival is a clock or matching bug.
      if (delay < -clock.bound) throw new Error(`sample ${index}: seen ${delay} ms before written`);
      return delay;
    };

    progress('first token: fetch in the page');
    const viaFetch: number[] = [];
    for (let index = 0; index < 3 + FIRST_TOKEN_SAMPLES; index += 1) {
      const delay = await sample(
        index,
        () => page.evaluate<number>(PAGE_FETCH(projectId, marker)),
        pageClock,
      );
      if (index >= 3) viaFetch.push(delay);
    }
    const kilnRequest = standIn.chatRequests.at(-1)!.rawBody;

    progress('first token: the AI Chat in the editor');
    await page.goto(`${server.baseUrl}/editor/${projectId}`);
    await page.getByRole('tab', { name: 'AI Chat' }).click();
    const chat = page.getByRole('region', { name: 'AI chat' });
    const box = chat.getByLabel('Message', { exact: true });
    await box.waitFor();
    const viaChat: number[] = [];
    for (let index = 0; index < 3 + FIRST_TOKEN_SAMPLES; index += 1) {
      const delay = await sample(
        index,
        async () => {
          if (!(await page.evaluate<boolean>(WATCH_CHAT(marker)))) {
            throw new Error('the AI Chat message list is not on the page');
          }
          await box.fill(`sample ${index}`);
          await box.press('Enter');
          // The turn ends with the rest of the answer shown and Send back in place.
          await chat.getByText(`${marker} and the rest.`).waitFor();
          await chat.getByRole('button', { name: 'Send message' }).waitFor();
          return page.evaluate<number>('window.__kilnSeen');
        },
        pageClock,
      );
      if (index >= 3) viaChat.push(delay);
    }

    progress('first token: the anchor');
    const chatUrl = `${standIn.url}/v1/chat/completions`;
    const direct: number[] = [];
    for (let index = 0; index < 3 + FIRST_TOKEN_SAMPLES; index += 1) {
      const delay = await sample(
        index,
        () => anchor.read(chatUrl, kilnRequest, `"content":"${marker}`),
        anchorClock,
      );
      if (index >= 3) direct.push(delay);
    }
    const inProcess: number[] = [];
    const sameProcess = { offset: 0, bound: 0 };
    for (let index = 0; index < 3 + FIRST_TOKEN_SAMPLES; index += 1) {
      const delay = await sample(
        index,
        async () => {
          const response = await fetch(chatUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: kilnRequest,
          });
          const reader = response.body!.getReader();
          const decoder = new TextDecoder();
          let text = '';
          let seenAt = 0;
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
            if (!seenAt && text.includes(`"content":"${marker}`)) seenAt = epochNow();
          }
          return seenAt;
        },
        sameProcess,
      );
      if (index >= 3) inProcess.push(delay);
    }
    await context.close();
    client.close();
    return {
      rows: [
        {
          path: 'stand-in → Kiln → fetch in Chromium (SSE text event)',
          delays: viaFetch,
          goal: true,
        },
        {
          path: 'stand-in → Kiln → AI Chat shows it (MutationObserver)',
          delays: viaChat,
          goal: true,
        },
        { path: 'anchor: stand-in → Node fetch, own process', delays: direct, goal: false },
        { path: 'anchor: stand-in → Node fetch, same process', delays: inProcess, goal: false },
      ],
      pageClock,
      anchorClock,
    };
  } finally {
    anchor.close();
    await browser.close();
    await server.stop();
    writes.stop();
    await standIn.close();
  }
}

function printFirstToken(result: FirstTokenResult) {
  const anchor = stats(result.rows[2]!.delays);
  console.log(
    `\n2. The first token, ms: from the model stand-in (in this process) handing the chunk with ` +
      `the first token to its socket, ${2 * FIRST_TOKEN_GAP_MS} ms into its answer, to the ` +
      `reader seeing it; ${FIRST_TOKEN_SAMPLES} samples after 3 warm-up. Clock: ` +
      `performance.timeOrigin + performance.now() on both sides, the other process's clock ` +
      `corrected by its measured offset (Chromium ${ms(result.pageClock.offset)} ± ` +
      `${ms(result.pageClock.bound)} ms, the anchor's Node ${ms(result.anchorClock.offset)} ± ` +
      `${ms(result.anchorClock.bound)} ms). The production server, Chromium and the anchor ` +
      `process start with a plain environment (PATH, HOME, locale). "Kiln adds" is the p50 over ` +
      `the own-process anchor's p50.`,
  );
  printTable(
    ['path', 'p50', 'p95', 'max', 'Kiln adds (p50)', `goal < ${FIRST_TOKEN_GOAL_MS} (p50 / p95)`],
    result.rows.map((row) => {
      const { p50, p95, max } = stats(row.delays);
      const met = (value: number) => (value < FIRST_TOKEN_GOAL_MS ? 'met' : 'MISSED');
      return [
        row.path,
        ms(p50),
        ms(p95),
        ms(max),
        row.goal ? ms(p50 - anchor.p50) : '',
        row.goal ? `${met(p50)} / ${met(p95)}` : '',
      ];
    }),
  );
}

async function main() {
  buildIfStale();
  const loadBefore = loadAverage();
  const steps = await stepCosts();
  const firstToken = await firstTokenDelay();
  console.log(
    `\nagent bench on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ` +
      `load average ${loadBefore} before and ${loadAverage()} after`,
  );
  printStepCosts(steps);
  printFirstToken(firstToken);
}

await main();
