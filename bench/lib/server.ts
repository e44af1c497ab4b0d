import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { procStat, ticksToMs } from './cpu';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (to read its CPU time). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts the production build on 127.0.0.1 with a throwaway data folder. */
export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
  /** Reuse a data folder (and keep it on stop); a fresh throwaway one otherwise. */
  dataDir?: string;
  /** What the server inherits before `env`; this process's own environment by default. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Options for Node itself, before the script (a profiler's, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}) {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-')));
  const args = [...(options.nodeArgs ?? []), 'server/dist/main.js'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...(options.baseEnv ?? process.env),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PREVIEW_PORT: String(options.port + 1),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  } satisfies RunningServer;
}

export function printTable(headers: string[], rows: (string | number)[][]) {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) =>
    Math.max(...cells.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  rows.forEach((row) => console.log(line(row.map(String))));
}

export interface BenchResponse {
  status: number;
  body: Buffer;
  json<T>(): T;
}

/**
 * A signed-in HTTP session against a running server: cookies and the CSRF header kept. It uses
 * node:http with one keep-alive connection, as load tools do, so the timings are the server's
 * and not a heavier client's.
 */
export class BenchClient {
  private cookies = new Map<string, string>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  constructor(readonly baseUrl: string) {}

  async request(method: string, url: string, body?: unknown): Promise<BenchResponse> {
    if (!this.cookies.has('csrf_token')) await this.send('GET', '/api/health');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return this.send(method, url, payload, payload === undefined ? undefined : 'application/json');
  }

  /** POSTs files as multipart/form-data, each part in `field`, as a browser's form sends them. */
  async upload(
    url: string,
    field: string,
    files: { name: string; type: string; bytes: Buffer }[],
  ): Promise<BenchResponse> {
    if (!this.cookies.has('csrf_token')) await this.send('GET', '/api/health');
    const boundary = `----kiln-bench-${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const file of files) {
      const name = file.name.replace(/["\r\n]/g, '_');
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\n` +
            `content-type: ${file.type}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return this.send(
      'POST',
      url,
      Buffer.concat(parts),
      `multipart/form-data; boundary=${boundary}`,
    );
  }

  close() {
    this.agent.destroy();
  }

  /** The session's cookies, to sign a browser in as the same user. */
  cookieList(): [string, string][] {
    return [...this.cookies];
  }

  /** The session's cookies as a Cookie header, for a WebSocket opened as the same user. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private send(
    method: string,
    url: string,
    payload?: string | Buffer,
    contentType?: string,
  ): Promise<BenchResponse> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('csrf_token') ?? '';
    if (contentType !== undefined) headers['content-type'] = contentType;
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${url}`,
        { method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const index = pair.indexOf('=');
              this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
            }
            const data = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              body: data,
              json: <T>() => JSON.parse(data.toString('utf8')) as T,
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * The fewest samples that tell a percentile from the maximum: a p95 needs 20 (one in twenty is
 * above it), a p99 needs 100, a median 2.
 */
export function samplesFor(p: number): number {
  return Math.ceil(100 / (100 - p) - 1e-9);
}

/** The percentile when `sorted` has enough samples for it (samplesFor), NaN otherwise. */
export function supportedPercentile(sorted: number[], p: number): number {
  return sorted.length >= samplesFor(p) ? percentile(sorted, p) : Number.NaN;
}

/** CPU time (user + system) a process has used so far, in ms; NaN where /proc is not there. */
export async function processCpuMs(pid: number | undefined): Promise<number> {
  const fields = pid === undefined ? null : procStat(pid);
  return fields ? ticksToMs(Number(fields[11]) + Number(fields[12])) : Number.NaN;
}
