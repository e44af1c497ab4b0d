// bench/orchestrate: Kiln's own time per multi-agent orchestration, everything but the models'.
// Kiln is built in this process (as server/src/test/app.ts builds it) with the scripted model
// of server/src/test/scripted-model.ts, which answers every call at once, on the embedded
// database on disk and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server,
// on a throwaway database there. Each sample is one POST /api/agent/orchestrate answered as
// JSON: the run is stored, queued, taken by the worker, its five tasks run (the architect's
// plan, a developer turn writing three files, the review, the tests, the debug check), every
// task change is written to its row and followed by the request, and one checkpoint is saved.
// Two scenarios: the tester writes no runnable file, and the tester writes one that runs in
// the bubblewrap sandbox (a real process start, shown apart). Every sample is checked to have
// completed all five tasks and changed the files (a failed run is cheaper and would flatter
// the figure). Goal: under 200 ms for the five tasks on the embedded database.
// It is a measurement, not a test: it prints met/MISSED and exits 0 either way.
// Run: npm run orchestrate -w bench   (BENCH_DATABASE_URL adds PostgreSQL)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OrchestrationResult } from '@kiln/shared';
import { buildApp } from '../server/src/app';
import { loadEnv } from '../server/src/env';
import {
  scriptedModel,
  scriptedProviders,
  type ScriptedStep,
} from '../server/src/test/scripted-model';
import { embeddedEngine, inject, postgresEngine, type Engine } from './lib/in-process';
import { percentile, printTable } from './lib/server';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const WARMUP = 3;
const SAMPLES = 30;
const GOAL_MS = 200;

const answer = (value: unknown): ScriptedStep => ({ text: JSON.stringify(value) });

/** The models' answers for one run: instant, and as small as a real run's structure. */
function script(sample: number, runnableTest: boolean): ScriptedStep[] {
  const file = (name: string) => ({
    name: 'write_file',
    input: {
      path: `src/${name}-${sample}.js`,
      content: `exports.${name} = (a, b) => a + b;\n${'// a line of the module\n'.repeat(40)}`,
    },
  });
  return [
    answer({
      overview: 'Three small modules.',
      features: ['add'],
      techStack: ['JavaScript'],
      steps: [{ step: 1, description: 'Write the modules' }],
    }),
    { toolCalls: [file('alpha'), file('beta'), file('gamma')] },
    { text: 'Wrote three modules.' },
    answer({
      findings: [
        {
          file: `src/alpha-${sample}.js`,
          line: 1,
          severity: 'info',
          category: 'style',
          message: 'Fine.',
          suggestion: 'None.',
        },
      ],
    }),
    answer({
      description: 'Checks alpha.',
      testCases: [{ name: 'adds', type: 'unit', steps: ['alpha(1, 2)'], expectedResult: '3' }],
      files: runnableTest
        ? [
            {
              path: `tests/alpha-${sample}.test.js`,
              content: `const assert = require('node:assert');\nassert.strictEqual(require('../src/alpha-${sample}.js').alpha(1, 2), 3);\n`,
            },
          ]
        : [],
    }),
  ];
}

interface Row {
  engine: string;
  scenario: string;
  samples: number[];
}

async function measure(engine: Engine, dataDir: string): Promise<Row[]> {
  const model = scriptedModel();
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SANDBOX: 'bubblewrap',
    // Many runs a minute: the per-user limit is not what is measured.
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
  try {
    const cookies = new Map<string, string>();
    await inject(app, cookies, 'GET', '/api/health');
    const registered = await inject(app, cookies, 'POST', '/api/auth/register', {
      email: `bench-${randomBytes(3).toString('hex')}@example.com`,
      password: 'bench-password',
      name: 'Bench',
    });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.body}`);
    const projectId = (
      await inject(app, cookies, 'POST', '/api/projects', { name: 'Orchestration bench' })
    ).json<{ id: string }>().id;

    let sample = 0;
    const run = async (runnableTest: boolean) => {
      sample += 1;
      model.script(script(sample, runnableTest));
      const started = performance.now();
      const response = await inject(app, cookies, 'POST', '/api/agent/orchestrate', {
        projectId,
        userRequest: 'Write three modules',
        mode: 'full',
        context: { files: [] },
      });
      const elapsed = performance.now() - started;
      const result = response.json<OrchestrationResult>();
      const done = result.tasks?.every((task) => task.status === 'completed');
      const runs = result.tests?.[0]?.runs ?? [];
      if (response.statusCode !== 200 || !done || result.filesModified.length < 3) {
        throw new Error(
          `the run did not complete: ${response.statusCode} ${response.body.slice(0, 400)}`,
        );
      }
      if (runnableTest && !(runs.length === 1 && runs[0]?.passed)) {
        throw new Error(`the test file did not pass: ${JSON.stringify(runs)}`);
      }
      return elapsed;
    };

    const rows: Row[] = [];
    for (const runnableTest of [false, true]) {
      for (let i = 0; i < WARMUP; i += 1) await run(runnableTest);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) samples.push(await run(runnableTest));
      rows.push({
        engine: engine.label,
        scenario: runnableTest ? 'tests run in the sandbox' : 'no runnable test file',
        samples: samples.sort((a, b) => a - b),
      });
    }
    return rows;
  } finally {
    await app.close();
  }
}

async function main() {
  const rows: Row[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-orchestrate-'));
  try {
    const embedded = await embeddedEngine(dataDir);
    try {
      rows.push(...(await measure(embedded, dataDir)));
    } finally {
      await embedded.close();
    }
    if (POSTGRES_URL) {
      const postgres = await postgresEngine(POSTGRES_URL);
      try {
        rows.push(...(await measure(postgres, dataDir)));
      } finally {
        await postgres.close();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  console.log(
    `\nKiln's own time per orchestration (five tasks, instant models), ${SAMPLES} runs each`,
  );
  console.log(`load average while measured (1/5/15 min): ${load}\n`);
  printTable(
    ['database', 'scenario', 'p50 ms', 'p95 ms', 'max ms', `goal < ${GOAL_MS} ms (p50)`],
    rows.map((row) => {
      const p50 = percentile(row.samples, 50);
      return [
        row.engine,
        row.scenario,
        p50.toFixed(1),
        percentile(row.samples, 95).toFixed(1),
        (row.samples.at(-1) ?? 0).toFixed(1),
        row.engine === 'embedded' && row.scenario === 'no runnable test file'
          ? p50 < GOAL_MS
            ? 'met'
            : 'MISSED'
          : '',
      ];
    }),
  );
}

await main();
