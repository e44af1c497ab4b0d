// An app run straight on this machine, outside Kiln, to compare Kiln's Run app with: its files
// in a temporary folder, its packages installed there once, then timed starts of its command.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { untilAnswered, type Expected } from './http-text';

export interface StartTiming {
  /** From the spawn to each expected answer, in order, in ms. */
  answers: number[];
  /** When the app first printed `readyText`, if it did. */
  readyLogged: number | null;
}

/** Writes `files` into a new temporary folder and runs `install` there once. */
export async function prepareDirectApp(options: {
  files: readonly { path: string; content: string }[];
  install: string[];
  env: NodeJS.ProcessEnv;
}): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-direct-app-'));
  for (const file of options.files) {
    const target = path.join(folder, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  const [program, ...args] = options.install;
  const child = spawn(program!, args, { cwd: folder, env: options.env, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${options.install.join(' ')} exited with ${code}`);
  return folder;
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `command(port)` in `folder` on a free port, in a process group of its own, times the
 * expected answers on 127.0.0.1:<port>, then kills the whole group (npm, the shell it starts and
 * the app) and waits for it to exit.
 */
export async function timeDirectStart(options: {
  folder: string;
  command: (port: number) => string[];
  env: NodeJS.ProcessEnv;
  expected: Expected[];
  readyText: string;
  timeoutMs: number;
  /** Done with the app still running, after the timed answers (given its base URL). */
  whileRunning?: (base: string) => Promise<void>;
}): Promise<StartTiming> {
  const port = await freePort();
  const [program, ...args] = options.command(port);
  const started = performance.now();
  const child = spawn(program!, args, {
    cwd: options.folder,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let readyLogged: number | null = null;
  let log = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      log = (log + text).slice(-4096);
      if (readyLogged === null && log.includes(options.readyText)) {
        readyLogged = performance.now() - started;
      }
    });
  }
  let gone = false;
  const exited = new Promise<void>((resolve) => {
    const end = () => {
      gone = true;
      resolve();
    };
    child.on('exit', end);
    child.on('error', end);
  });
  try {
    const base = `http://127.0.0.1:${port}/`;
    const answers = await untilAnswered(base, options.expected, {
      started,
      timeoutMs: options.timeoutMs,
      failed: () =>
        !gone ? null : `${options.command(port).join(' ')} exited with ${child.exitCode}:\n${log}`,
    });
    await options.whileRunning?.(base);
    return { answers, readyLogged };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await exited;
  }
}
