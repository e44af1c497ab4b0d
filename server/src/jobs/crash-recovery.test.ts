import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { SmtpStandIn } from '../test/smtp-stand-in';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The real server in a process of its own, on the embedded database in `dataDir`, so the test
 * can kill it the way a crash or a power cut would.
 */
async function startServer(dataDir: string, smtpPort: number) {
  const port = await freePort();
  // Node itself with tsx's loader (not tsx's CLI, which runs the server in a child process of
  // its own): the process killed below is the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PREVIEW_PORT: String(await freePort()),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SANDBOX: 'quickjs',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
        return (await fetch(`${origin}/api/health`).catch(() => null))?.status;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(200);
  return { child, origin };
}

async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Registers an account through the API as the sign-up page does, CSRF token included. */
async function register(origin: string, email: string): Promise<void> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = (csrf.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
    body: JSON.stringify({
      email,
      username: email.split('@')[0],
      password: 'correct horse battery staple',
      confirmPassword: 'correct horse battery staple',
    }),
  });
  expect(response.status, await response.text()).toBe(201);
}

describe('a job accepted before a crash', () => {
  const smtp = new SmtpStandIn();
  let dataDir: string;
  let smtpPort: number;
  let running: ChildProcess | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-crash-'));
    smtpPort = await smtp.listen();
  });
  afterAll(async () => {
    if (running) await killHard(running);
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs after the server is killed mid-job and started again', async () => {
    // The mail server takes the connection and hangs: the mail job is under way.
    smtp.answering = false;
    const first = await startServer(dataDir, smtpPort);
    running = first.child;
    await register(first.origin, 'crash@example.com');
    await expect.poll(() => smtp.connections, { timeout: 10_000 }).toBeGreaterThan(0);

    await killHard(first.child);
    expect(smtp.received).toHaveLength(0);

    smtp.answering = true;
    const second = await startServer(dataDir, smtpPort);
    running = second.child;
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['crash@example.com']);
    expect(mail!.data).toMatch(/verify-email\?token=/);
    await killHard(second.child);
  }, 120_000);
});
