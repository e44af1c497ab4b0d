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
import { WebSocket } from 'ws';
import { dataFrames } from '../server/src/modules/terminal/relay-frames';
import { PTY_RELAY_SOURCE, TERMINAL_BASHRC_SOURCE } from '../server/src/modules/terminal/pty-relay';
import { cleanEnv } from './lib/clean-env';
import { BenchClient, printTable, repoRoot, supportedPercentile } from './lib/server';

const PORT = 5340;
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 500);
const WARMUP = 20;
/** Opens timed for the time to the first prompt. */
const OPENS = 10;
/** After this many characters the line is cleared (Ctrl+U), so it never wraps. */
const LINE_LENGTH = 40;
const GOAL_P99_MS = 30;
/** The end of the bashrc's prompt: `$ `, or `# ` for root (the local shell of a root bench). */
const PROMPT = /[$#] $/;

/** Sends one byte at a time and times each until output holding it comes back. */
class EchoTimer {
  private waiting: { byte: string; resolve: () => void } | null = null;

  constructor(private readonly send: (bytes: Buffer) => void) {}

  /** Feed it what the terminal printed: an echo ends with the byte typed (a redraw does not). */
  output(chunk: Buffer): void {
    if (this.waiting && chunk.toString('latin1').endsWith(this.waiting.byte)) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve();
    }
  }

  async keystroke(byte: string): Promise<number> {
    const echoed = new Promise<void>((resolve) => (this.waiting = { byte, resolve }));
    const started = performance.now();
    this.send(Buffer.from(byte, 'latin1'));
    await echoed;
    return performance.now() - started;
  }

  /** Clears the line and waits for the shell to redraw it. */
  async clearLine(): Promise<void> {
    const redrawn = new Promise<void>((resolve) => (this.waiting = { byte: '\x1b[K', resolve }));
    this.send(Buffer.from('\x15'));
    await Promise.race([redrawn, new Promise((resolve) => setTimeout(resolve, 200))]);
    this.waiting = null;
  }

  async series(count: number): Promise<number[]> {
    const timings: number[] = [];
    for (let index = 0; index < count; index += 1) {
      if (index > 0 && index % LINE_LENGTH === 0) await this.clearLine();
      timings.push(await this.keystroke(String.fromCharCode(97 + (index % 26))));
    }
    await this.clearLine();
    return timings;
  }
}

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

async function signedInProject(client: BenchClient): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const registered = await client.request('POST', '/api/auth/register', {
    email,
    password: 'bench-password',
    name: 'Bench',
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const created = await client.request('POST', '/api/projects', {
    name: 'Terminal bench',
    templateId: 'blank',
  });
  if (created.status !== 201) throw new Error(`create project answered ${created.status}`);
  return created.json<{ id: string }>().id;
}

/** Opens a terminal and waits for its prompt; answers the socket and the ms that took. */
async function openTerminal(client: BenchClient, projectId: string) {
  const cookie = client
    .cookieList()
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const started = performance.now();
  const socket = new WebSocket(
    `ws://127.0.0.1:${PORT}/api/terminal/${projectId}?cols=120&rows=30`,
    { headers: { cookie, origin: `http://127.0.0.1:${PORT}` } },
  );
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return;
      printed += data.toString('utf8');
      if (PROMPT.test(printed)) resolve();
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the terminal closed (${code})`)));
  });
  socket.removeAllListeners('message');
  socket.removeAllListeners('close');
  return { socket, toPromptMs: performance.now() - started };
}

async function measureKiln(): Promise<{ echo: number[]; toPrompt: number[] }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-terminal-'));
  const server = await startServerFromSource(dataDir);
  const client = new BenchClient(`http://127.0.0.1:${PORT}`);
  try {
    const projectId = await signedInProject(client);
    const toPrompt: number[] = [];
    for (let open = 0; open < OPENS; open += 1) {
      const { socket, toPromptMs } = await openTerminal(client, projectId);
      toPrompt.push(toPromptMs);
      socket.close();
    }
    const { socket } = await openTerminal(client, projectId);
    const timer = new EchoTimer((bytes) => socket.send(bytes, { binary: true }));
    socket.on('message', (data: Buffer, isBinary) => isBinary && timer.output(data));
    await timer.series(WARMUP);
    const echo = await timer.series(KEYSTROKES);
    socket.close();
    return { echo, toPrompt };
  } finally {
    client.close();
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
