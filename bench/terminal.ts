// bench/terminal: keystroke echo latency of Kiln's terminal, through the real server's
// WebSocket, next to the same shell on a local pseudo-terminal (the physical limit here).
//  - Kiln: the server in a process of its own (from its sources with tsx, so no build is
//    needed), a signed-in user's project, GET /api/terminal/{id} upgraded to a WebSocket with
//    the session cookie: bash in bubblewrap behind the Python pty relay
//    (server/src/modules/terminal/pty-relay.ts). One byte is sent as a binary frame; the time
//    runs until the frame echoing it arrives.
//  - Local: the same relay and bash run straight on this machine (no sandbox, no server, no
//    socket), the byte written to the relay's stdin as a data frame, timed to its echo on stdout.
// Also: how long a terminal takes from the upgrade to its first prompt.
// Goal: keystroke echo p99 under 30 ms. It is a measurement, not a test: it prints met/MISSED
// and exits 0 either way.
// Run: npm run terminal -w bench   (BENCH_KEYSTROKES=100 for a quick look)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dataFrames } from '../server/src/modules/terminal/relay-frames';
import { PTY_RELAY_SOURCE, TERMINAL_BASHRC_SOURCE } from '../server/src/modules/terminal/pty-relay';
import { createProject, signUp } from './lib/accounts';
import { cleanEnv } from './lib/clean-env';
import { type BenchClient, printTable, repoRoot, supportedPercentile } from './lib/server';
import { EchoTimer, openTerminal, PROMPT } from './lib/terminal-echo';

const PORT = 5340;
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 500);
const WARMUP = 20;
/** Opens timed for the time to the first prompt. */
const OPENS = 10;
const GOAL_P99_MS = 30;
async function startServerFromSource(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PREVIEW_PORT: String(PORT + 1),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX: 'bubblewrap',
    },
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

async function measureKiln(): Promise<{ echo: number[]; toPrompt: number[] }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-terminal-'));
  const server = await startServerFromSource(dataDir);
  const baseUrl = `http://127.0.0.1:${PORT}`;
  let client: BenchClient | undefined;
  try {
    client = await signUp(baseUrl, { name: 'Bench' });
    const projectId = await createProject(client, 'Terminal bench', 'blank');
    const toPrompt: number[] = [];
    for (let open = 0; open < OPENS; open += 1) {
      const { socket, toPromptMs } = await openTerminal(baseUrl, client, projectId);
      toPrompt.push(toPromptMs);
      socket.close();
    }
    const { socket } = await openTerminal(baseUrl, client, projectId);
    const timer = new EchoTimer((bytes) => socket.send(bytes, { binary: true }));
    socket.on('message', (data: Buffer, isBinary) => isBinary && timer.output(data));
    await timer.series(WARMUP);
    const echo = await timer.series(KEYSTROKES);
    socket.close();
    return { echo, toPrompt };
  } finally {
    client?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureLocal(): Promise<number[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-pty-'));
  await writeFile(path.join(dir, 'relay.py'), PTY_RELAY_SOURCE);
  await writeFile(path.join(dir, 'bashrc'), TERMINAL_BASHRC_SOURCE);
  const relay = spawn(
    '/usr/bin/python3',
    ['-I', 'relay.py', '120', '30', '/bin/bash', '--rcfile', 'bashrc', '-i'],
    { cwd: dir, env: { ...cleanEnv(), HOME: dir, TERM: 'xterm-256color' } },
  );
  try {
    let printed = '';
    await new Promise<void>((resolve) => {
      const watch = (data: Buffer) => {
        printed += data.toString('utf8');
        if (!PROMPT.test(printed)) return;
        relay.stdout.off('data', watch);
        resolve();
      };
      relay.stdout.on('data', watch);
    });
    const timer = new EchoTimer((bytes) => relay.stdin.write(dataFrames(bytes)));
    relay.stdout.on('data', (data: Buffer) => timer.output(data));
    await timer.series(WARMUP);
    return await timer.series(KEYSTROKES);
  } finally {
    relay.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const summary = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    p50: supportedPercentile(sorted, 50),
    p99: supportedPercentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};

async function main() {
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  const local = summary(await measureLocal());
  const kiln = await measureKiln();
  const echo = summary(kiln.echo);
  const toPrompt = summary(kiln.toPrompt);
  console.log(
    `terminal bench on ${os.cpus().length} cores, load average ${loadBefore} before and ${os
      .loadavg()[0]!
      .toFixed(2)} after; ${KEYSTROKES} keystrokes each`,
  );
  printTable(
    ['keystroke echo', 'p50 ms', 'p99 ms', 'max ms', `goal p99 < ${GOAL_P99_MS} ms`],
    [
      [
        'Kiln: WebSocket, server, sandboxed bash',
        ms(echo.p50),
        ms(echo.p99),
        ms(echo.max),
        echo.p99 < GOAL_P99_MS ? 'met' : 'MISSED',
      ],
      ['local: same relay and bash, no sandbox', ms(local.p50), ms(local.p99), ms(local.max), ''],
      ['difference (Kiln - local)', ms(echo.p50 - local.p50), ms(echo.p99 - local.p99), '', ''],
    ],
  );
  console.log(
    `upgrade to first prompt over ${OPENS} opens: p50 ${ms(toPrompt.p50)} ms, max ${ms(toPrompt.max)} ms`,
  );
}

await main();
