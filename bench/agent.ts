// bench/agent: what Kiln's agent loop itself costs per tool step, with a model that answers
// instantly, and how long the first token of an answer takes to go from the model, through
// Kiln, to the browser.
// Goals: under 10 ms of Kiln's own work per tool step on the embedded database; under 50 ms from
// the model's first token to the browser.
// Run: npm run build && npm run agent -w bench
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { loadEnv } from '../server/src/env';
import { startModelStandIn } from '../server/src/test/model-stand-in';
import {
  scriptedModel,
  scriptedProviders,
  type ScriptedStep,
} from '../server/src/test/scripted-model';
import { launchChromium } from './lib/browser';
import { BenchClient, percentile, printTable, startServer } from './lib/server';

const PORT = 5330;
const TURNS = 30;
const STEPS_PER_TURN = 10;
const FIRST_TOKEN_SAMPLES = 40;
const FIRST_TOKEN_DELAY_MS = 120;

const ms = (value: number) => value.toFixed(2);
const stats = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
};

/** Kiln built in this process on an embedded database on disk, as `npm start` runs it. */
async function inProcessKiln(model: ReturnType<typeof scriptedModel>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-agent-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Hundreds of turns a minute: the per-user limit is not what is measured.
    AI_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({
    env,
    database,
    clientDir: false,
    logger: false,
    aiProviders: scriptedProviders(model.model),
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function injectJson(
  app: FastifyInstance,
  cookies: Map<string, string>,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const headers: Record<string, string> = {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
  const csrf = cookies.get('csrf_token');
  if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  for (const cookie of response.cookies as { name: string; value: string }[]) {
    cookies.set(cookie.name, cookie.value);
  }
  return response;
}

/** What each module's value is now: edits change it, so the next edit searches for the new one. */
const moduleValues = new Map<number, number>();

/** The tool steps measured, each as the model would call it on a project of 200 files. */
function stepFor(kind: string, index: number): ScriptedStep {
  const path = `src/module-${index % 200}.js`;
  switch (kind) {
    case 'read_file':
      return { toolCalls: [{ name: 'read_file', input: { path } }] };
    case 'write_file':
      return {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: `out/file-${index}.js`, content: `export const n = ${index};\n` },
          },
        ],
      };
    case 'edit_file': {
      const module = index % 200;
      const now = moduleValues.get(module) ?? module;
      moduleValues.set(module, now + 1000);
      const search = `value${module} = ${now};`;
      const replace = `value${module} = ${now + 1000};`;
      return { toolCalls: [{ name: 'edit_file', input: { path, search, replace } }] };
    }
    case 'search_files':
      return { toolCalls: [{ name: 'search_files', input: { query: `value${index % 200} ` } }] };
    default:
      return { toolCalls: [{ name: 'list_files', input: {} }] };
  }
}

async function perStepCost() {
  const model = scriptedModel();
  const kiln = await inProcessKiln(model);
  const cookies = new Map<string, string>();
  await injectJson(kiln.app, cookies, 'GET', '/api/health');
  await injectJson(kiln.app, cookies, 'POST', '/api/auth/register', {
    email: 'bench@example.com',
    password: 'bench-password',
    name: 'Bench',
  });
  const project = (
    await injectJson(kiln.app, cookies, 'POST', '/api/projects', { name: 'Agent bench' })
  ).json<{ id: string }>();
  for (let index = 0; index < 200; index += 1) {
    await injectJson(kiln.app, cookies, 'POST', '/api/files', {
      projectId: project.id,
      path: `src/module-${index}.js`,
      content: `export const value${index} = ${index};\n${'// filler line\n'.repeat(40)}`,
    });
  }
  const turn = async (steps: ScriptedStep[]) => {
    model.script([...steps, { text: 'Done.' }]);
    const started = performance.now();
    const response = await injectJson(kiln.app, cookies, 'POST', '/api/ai/agent', {
      projectId: project.id,
      message: 'bench',
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`agent answered ${response.statusCode}: ${response.body}`);
    }
    // Every step must have done its work: a refused or failed step costs less and would flatter.
    const failed = model.calls
      .map((call) => JSON.stringify(call.prompt.at(-1)))
      .find((text) => /Error: |You already called|Stopped: /.test(text));
    if (failed) throw new Error(`a step failed: ${failed.slice(0, 300)}`);
    return elapsed;
  };
  // A turn with no tool step: what every turn costs apart from its steps.
  for (let index = 0; index < 5; index += 1) await turn([]);
  const empty: number[] = [];
  for (let index = 0; index < TURNS; index += 1) empty.push(await turn([]));
  const base = stats(empty).p50;

  const rows: (string | number)[][] = [
    ['(turn without steps)', ms(base), ms(stats(empty).p95), '', ''],
  ];
  for (const kind of ['list_files', 'read_file', 'edit_file', 'write_file', 'search_files']) {
    // list_files has no arguments: the same call again is refused as a repeat, so one a turn.
    const count = kind === 'list_files' ? 1 : STEPS_PER_TURN;
    const perStep: number[] = [];
    for (let sample = 0; sample < TURNS; sample += 1) {
      const steps = Array.from({ length: count }, (_, index) =>
        stepFor(kind, sample * count + index),
      );
      perStep.push(((await turn(steps)) - base) / count);
    }
    const { p50, p95 } = stats(perStep);
    rows.push([kind, ms(p50), ms(p95), '< 10', p50 < 10 ? 'yes' : 'no']);
  }
  // run_file starts a program in the sandbox: its cost is the sandbox's (bench/exec), shown apart.
  const runs: number[] = [];
  for (let sample = 0; sample < 10; sample += 1) {
    runs.push(
      (await turn([{ toolCalls: [{ name: 'run_file', input: { path: 'src/module-1.js' } }] }])) -
        base,
    );
  }
  rows.push([
    'run_file (sandbox start included)',
    ms(stats(runs).p50),
    ms(stats(runs).p95),
    '',
    '',
  ]);
  await kiln.close();
  console.log(
    `\nKiln's own cost per tool step (ms), embedded database on disk, ${TURNS} turns of ${STEPS_PER_TURN} steps each`,
  );
  printTable(['step', 'p50', 'p95', 'goal', 'met'], rows);
}

/** The milliseconds from the stand-in writing the first token to the page reading it. */
async function firstTokenDelay() {
  const standIn = await startModelStandIn();
  const server = await startServer({
    port: PORT,
    env: {
      OPENAI_BASE_URL: `${standIn.url}/v1`,
      OPENAI_MODEL: 'bench',
      AI_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  // The first delta of each answer comes after a pause; the stand-in stamps when it writes it.
  let firstWrittenAt = 0;
  standIn.script([
    () => {
      setTimeout(
        () => (firstWrittenAt = performance.timeOrigin + performance.now()),
        FIRST_TOKEN_DELAY_MS,
      );
      return { text: ['Hello', ' from', ' the', ' model.'], delayMs: FIRST_TOKEN_DELAY_MS };
    },
  ]);
  const browser = await launchChromium();
  const client = new BenchClient(server.baseUrl);
  await client.request('POST', '/api/auth/register', {
    email: 'first@example.com',
    password: 'bench-password',
    name: 'B',
  });
  const created = await client.request('POST', '/api/projects', { name: 'Token bench' });
  const projectId = created.json<{ id: string }>().id;
  const context = await browser.newContext();
  await context.addCookies(
    client.cookieList().map(([name, value]) => ({ name, value, url: server.baseUrl })),
  );
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/api/health`);

  const viaKiln: number[] = [];
  for (let sample = 0; sample < FIRST_TOKEN_SAMPLES; sample += 1) {
    const seenAt = await page.evaluate(async (id) => {
      const csrf = /(?:^|; )csrf_token=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch('/api/ai/agent', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          'x-csrf-token': csrf,
        },
        body: JSON.stringify({ projectId: id, message: 'hi' }),
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 0;
        text += decoder.decode(value, { stream: true });
        if (text.includes('"type":"text"')) {
          const at = performance.timeOrigin + performance.now();
          await reader.cancel();
          return at;
        }
      }
    }, projectId);
    viaKiln.push(seenAt - firstWrittenAt);
    // Each sample is a turn of its own conversation: clear it so every request is the first.
    await client.request('DELETE', `/api/ai/conversation?projectId=${projectId}`);
  }

  // The anchor: the same stand-in read straight by Node's fetch, with nothing in between.
  const direct: number[] = [];
  for (let sample = 0; sample < FIRST_TOKEN_SAMPLES; sample += 1) {
    const response = await fetch(`${standIn.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'bench',
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.includes('"content":"Hello"')) {
        direct.push(performance.timeOrigin + performance.now() - firstWrittenAt);
        await reader.cancel();
        break;
      }
    }
  }
  await browser.close();
  await server.stop();
  await standIn.close();

  const kiln = stats(viaKiln);
  const anchor = stats(direct);
  const added = kiln.p50 - anchor.p50;
  console.log(
    `\nFirst token, from the stand-in's stamp to the reader seeing it (ms), ${FIRST_TOKEN_SAMPLES} samples.` +
      '\nBoth rows share the stand-in and its stamp (which lands a chunk early, so both carry its' +
      '\npacing); their difference is what Kiln adds between the model and the browser.',
  );
  printTable(
    ['path', 'p50', 'p95', 'max', 'goal', 'met'],
    [
      ['stand-in → Kiln → Chromium (SSE)', ms(kiln.p50), ms(kiln.p95), ms(kiln.max), '', ''],
      ['stand-in → Node fetch (anchor)', ms(anchor.p50), ms(anchor.p95), ms(anchor.max), '', ''],
      ['Kiln adds (p50 difference)', ms(added), '', '', '< 50', added < 50 ? 'yes' : 'no'],
    ],
  );
}

await perStepCost();
await firstTokenDelay();
