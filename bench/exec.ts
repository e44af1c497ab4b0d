// bench/exec: how long a run takes through Kiln's sandbox compared with running the same file
// directly on this machine (the physical limit), and whether the rest of the API keeps answering
// while runs saturate the CPU.
// Goals (issue 5): sandbox overhead at most 60 ms over the direct run at p50; /api/health p99
// under 50 ms while two CPU-bound runs execute.
// Run: npm run build && npm run exec -w bench
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { transform } from 'esbuild';
import { BenchClient, percentile, printTable, startServer } from './lib/server';

const PORT = 5310;
const COLD_STARTS = 3;
const WARMUP = 5;
const WARM_RUNS = 40;
const SATURATION_MS = 6_000;

const PROGRAMS = {
  javascript: { file: 'hello.js', code: "console.log('Hello, Kiln!');\n" },
  typescript: {
    file: 'hello.ts',
    code: "const greeting: string = 'Hello, Kiln!';\nconsole.log(greeting);\n",
  },
  python: { file: 'hello.py', code: "print('Hello, Kiln!')\n" },
} as const;
type Language = keyof typeof PROGRAMS;
const LANGUAGES = Object.keys(PROGRAMS) as Language[];

const stats = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};
const ms = (value: number) => value.toFixed(1);

async function signedInProject(baseUrl: string) {
  const client = new BenchClient(baseUrl);
  const email = `bench-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const registered = await client.request('POST', '/api/auth/register', {
    email,
    password: 'bench-password',
    name: 'Bench',
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const created = await client.request('POST', '/api/projects', {
    name: 'Exec bench',
    templateId: 'blank',
  });
  if (created.status !== 201) throw new Error(`create project answered ${created.status}`);
  return { client, projectId: created.json<{ id: string }>().id };
}

async function timedRun(client: BenchClient, projectId: string, language: Language) {
  const { file, code } = PROGRAMS[language];
  const started = performance.now();
  const response = await client.request('POST', `/api/projects/${projectId}/execute`, {
    filePath: file,
    code,
  });
  const elapsed = performance.now() - started;
  const result = response.json<{ output: string; backend: string; error: string | null }>();
  if (response.status !== 200 || result.output !== 'Hello, Kiln!\n') {
    throw new Error(`${language} run answered ${response.status}: ${response.body.toString()}`);
  }
  return { elapsed, backend: result.backend };
}

function timedProcess(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} ${code}`)),
    );
  });
}

/** The same programs run straight with the machine's node and python3, no sandbox. */
async function directTimings(): Promise<Record<Language, number[]>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-exec-direct-'));
  try {
    await writeFile(path.join(dir, 'hello.js'), PROGRAMS.javascript.code);
    const compiled = await transform(PROGRAMS.typescript.code, { loader: 'ts', format: 'cjs' });
    await writeFile(path.join(dir, 'hello-ts.js'), compiled.code);
    await writeFile(path.join(dir, 'hello.py'), PROGRAMS.python.code);
    const commands: Record<Language, [string, string[]]> = {
      javascript: [process.execPath, ['hello.js']],
      // Node 20 cannot run TypeScript itself: the limit is Node on the compiled file.
      typescript: [process.execPath, ['hello-ts.js']],
      python: ['/usr/bin/python3', ['hello.py']],
    };
    const timings = { javascript: [], typescript: [], python: [] } as Record<Language, number[]>;
    for (const language of LANGUAGES) {
      const [command, args] = commands[language];
      for (let index = 0; index < WARMUP + WARM_RUNS; index += 1) {
        const elapsed = await timedProcess(command, args, dir);
        if (index >= WARMUP) timings[language].push(elapsed);
      }
    }
    return timings;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The first run of each language on a freshly started server. */
async function coldTimings(): Promise<Record<Language, number[]>> {
  const timings = { javascript: [], typescript: [], python: [] } as Record<Language, number[]>;
  for (let start = 0; start < COLD_STARTS; start += 1) {
    const server = await startServer({ port: PORT });
    try {
      const { client, projectId } = await signedInProject(server.baseUrl);
      for (const language of LANGUAGES) {
        timings[language].push((await timedRun(client, projectId, language)).elapsed);
      }
      client.close();
    } finally {
      await server.stop();
    }
  }
  return timings;
}

/** /api/health answered every 20 ms, alone and while two CPU-bound runs use both cores. */
async function healthUnderLoad(baseUrl: string, client: BenchClient, projectId: string) {
  const probe = new BenchClient(baseUrl);
  const sample = async (durationMs: number) => {
    const timings: number[] = [];
    const until = Date.now() + durationMs;
    while (Date.now() < until) {
      const started = performance.now();
      const response = await probe.request('GET', '/api/health');
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
      timings.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return timings;
  };
  const idle = await sample(3_000);
  const spin = `const end = Date.now() + ${SATURATION_MS + 1_500}; let n = 0; while (Date.now() < end) n++; console.log(n > 0);`;
  const second = await signedInProject(baseUrl);
  const runs = [
    client.request('POST', `/api/projects/${projectId}/execute`, {
      filePath: 'spin.js',
      code: spin,
    }),
    second.client.request('POST', `/api/projects/${second.projectId}/execute`, {
      filePath: 'spin.js',
      code: spin,
    }),
  ];
  await new Promise((resolve) => setTimeout(resolve, 700));
  const busy = await sample(SATURATION_MS);
  const answers = await Promise.all(runs);
  for (const answer of answers) {
    if (answer.status !== 200) throw new Error(`spin run answered ${answer.status}`);
  }
  probe.close();
  second.client.close();
  return { idle: stats(idle), busy: stats(busy), samples: busy.length };
}

async function main() {
  console.log(
    `exec bench on ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const direct = await directTimings();
  const cold = await coldTimings();

  const server = await startServer({ port: PORT });
  try {
    const { client, projectId } = await signedInProject(server.baseUrl);
    const warm = { javascript: [], typescript: [], python: [] } as Record<Language, number[]>;
    let backend = '';
    for (const language of LANGUAGES) {
      for (let index = 0; index < WARMUP + WARM_RUNS; index += 1) {
        const run = await timedRun(client, projectId, language);
        backend = run.backend;
        if (index >= WARMUP) warm[language].push(run.elapsed);
      }
    }

    console.log(
      `\nHello-world run latency, ms (backend: ${backend}; ${WARM_RUNS} warm runs, ${COLD_STARTS} cold starts)\n`,
    );
    printTable(
      [
        'language',
        'cold p50',
        'cold max',
        'warm p50',
        'warm p99',
        'direct p50',
        'direct p99',
        'overhead p50',
        'ratio p50',
      ],
      LANGUAGES.map((language) => {
        const w = stats(warm[language]);
        const c = stats(cold[language]);
        const d = stats(direct[language]);
        return [
          language,
          ms(c.p50),
          ms(c.max),
          ms(w.p50),
          ms(w.p99),
          ms(d.p50),
          ms(d.p99),
          ms(w.p50 - d.p50),
          `${(w.p50 / d.p50).toFixed(2)}x`,
        ];
      }),
    );

    const health = await healthUnderLoad(server.baseUrl, client, projectId);
    console.log(`\nGET /api/health, ms (${health.samples} requests during two CPU-bound runs)\n`);
    printTable(
      ['state', 'p50', 'p99', 'max'],
      [
        ['idle', ms(health.idle.p50), ms(health.idle.p99), ms(health.idle.max)],
        [
          'two runs saturating the CPU',
          ms(health.busy.p50),
          ms(health.busy.p99),
          ms(health.busy.max),
        ],
      ],
    );
    client.close();
  } finally {
    await server.stop();
  }
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
}

await main();
