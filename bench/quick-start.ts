// bench/quick-start: a fresh clone of this repository to Kiln's first answer, as the README's
// quick start runs it, stage by stage: `git clone`, `npm install --omit=dev` (what Kiln runs and
// builds with), then `npm start` until GET / answers (the client's bundle beside the server's
// build and the database's creation, then the first boot; scripts/start.mjs), with the second
// at which the server said it was ready. The full `npm install` (test tools included) is timed
// beside it, in a second clone.
// Goal: under 60 s from the clone to the first answer. Commands run with this shell's environment
// and npm with this machine's cache, as a user's would; the table says how large the cache is,
// since an empty one adds the downloads.
// Run: npm run quick-start -w bench   (ROUNDS, 1 by default; BENCH_PORT, 5590)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { printTable, repoRoot } from './lib/server';

const ROUNDS = Number(process.env.ROUNDS ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 5590);
const GOAL_SECONDS = 60;

/** Runs a command to its end; answers its seconds and the lines it printed. */
function timed(command: string, args: string[], cwd: string) {
  const started = performance.now();
  return new Promise<{ seconds: number; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`));
      else resolve({ seconds: (performance.now() - started) / 1000, output });
    });
  });
}

/**
 * `npm start` in `dir` until GET / answers: the seconds at which the server said it was ready
 * and the first answer came.
 */
async function startUntilAnswer(dir: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-quick-start-data-'));
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(PORT),
      PREVIEW_PORT: String(PORT + 1),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let bootStarted = 0;
  const at = () => (performance.now() - started) / 1000;
  const watch = (chunk: Buffer) => {
    // The server's first log line: the builds and the database are done, it is booting.
    if (!bootStarted && chunk.toString().includes('"level"')) bootStarted = at();
  };
  child.stdout.on('data', watch);
  child.stderr.on('data', watch);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${PORT}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      if (at() > 600) throw new Error('no answer in 10 minutes');
      await sleep(100);
    }
    return { builds: bootStarted, answer: at() };
  } finally {
    // npm, the launcher and the server: the whole group it started.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('close', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function npmCacheMb(): Promise<string> {
  const { output } = await timed('npm', ['config', 'get', 'cache'], repoRoot);
  const { output: size } = await timed('du', ['-sm', output.trim()], repoRoot).catch(() => ({
    output: '?',
  }));
  return size.split('\t')[0] ?? '?';
}

const rows: (string | number)[][] = [];
const cacheMb = await npmCacheMb();
for (let round = 1; round <= ROUNDS; round += 1) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'kiln-quick-start-'));
  try {
    const clone = path.join(work, 'kiln');
    const cloned = await timed('git', ['clone', '--quiet', repoRoot, clone], work);
    const install = await timed('npm', ['install', '--omit=dev', '--no-audit', '--no-fund'], clone);
    const start = await startUntilAnswer(clone);
    const full = path.join(work, 'kiln-full');
    await timed('git', ['clone', '--quiet', repoRoot, full], work);
    const fullInstall = await timed('npm', ['install', '--no-audit', '--no-fund'], full);
    const total = cloned.seconds + install.seconds + start.answer;
    rows.push([
      round,
      cloned.seconds.toFixed(1),
      install.seconds.toFixed(1),
      start.builds.toFixed(1),
      (start.answer - start.builds).toFixed(1),
      start.answer.toFixed(1),
      total.toFixed(1),
      total < GOAL_SECONDS ? 'met' : 'MISSED',
      fullInstall.seconds.toFixed(1),
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

console.log(
  `\nbench/quick-start on ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}, npm cache ${cacheMb} MB\n`,
);
printTable(
  [
    'round',
    'clone s',
    'npm install --omit=dev s',
    'builds and database s',
    'boot s',
    'npm start to first answer s',
    'clone to first answer s',
    `goal < ${GOAL_SECONDS} s`,
    'full npm install s (beside)',
  ],
  rows,
);
