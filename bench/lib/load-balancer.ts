// HAProxy (Debian's `haproxy`) in front of several Kiln instances on this machine, as a
// deployment of several instances would run them.
//  - The app's port: requests and WebSockets go round-robin, each request on its own, except a
//    project's terminals and its running app (Run app), which live in the instance that started
//    them: /api/terminal/{id} and /api/projects/{id}/dev-server go by a hash of the project id.
//  - The preview port: by the same hash of the project id in the host (p-<id>.localhost), so a
//    running app's preview reaches the instance that runs it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface LoadBalancer {
  /** The app's origin through the balancer. */
  baseUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

const HAPROXY = '/usr/sbin/haproxy';

export function haproxyMissing(): string | null {
  const probe = spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' });
  return probe.error || probe.status !== 0
    ? 'HAProxy was not found at /usr/sbin/haproxy; install it (as root): apt-get install -y haproxy'
    : null;
}

function config(options: { port: number; previewPort: number; instancePorts: number[] }) {
  const servers = (offset: number) =>
    options.instancePorts.map(
      (port, index) => `  server kiln${index + 1} 127.0.0.1:${port + offset} id ${index + 1}`,
    );
  // The same hash function, weights and server order in both hashed backends: a project id
  // lands on the same instance whether it comes in the path or in the preview's host.
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout http-keep-alive 120s',
    '  timeout tunnel 1h',
    'frontend app',
    `  bind 127.0.0.1:${options.port}`,
    '  acl by_project path_beg /api/terminal/',
    '  acl by_project path_reg ^/api/projects/[^/]+/dev-server',
    '  use_backend app_by_project if by_project',
    '  default_backend app_round_robin',
    'backend app_round_robin',
    '  balance roundrobin',
    ...servers(0),
    'backend app_by_project',
    '  balance hash path,field(4,/)',
    ...servers(0),
    'frontend preview',
    `  bind 127.0.0.1:${options.previewPort}`,
    '  default_backend preview_by_project',
    'backend preview_by_project',
    '  balance hash req.hdr(host),field(1,.),regsub(^p-,)',
    ...servers(1),
    '',
  ].join('\n');
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts HAProxy on `port` (the app) and `previewPort` in front of Kiln instances listening on
 * `instancePorts` (each with its preview server on the port after it).
 */
export async function startLoadBalancer(options: {
  port: number;
  previewPort: number;
  instancePorts: number[];
}): Promise<LoadBalancer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-haproxy-'));
  const file = path.join(folder, 'haproxy.cfg');
  await writeFile(file, config(options));
  const checked = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (checked.status !== 0) {
    await rm(folder, { recursive: true, force: true });
    throw new Error(`HAProxy refused its configuration:\n${checked.stdout}${checked.stderr}`);
  }
  // -db: in the foreground, so it is this process's child and stops with it.
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(options.port)) || !(await listening(options.previewPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('HAProxy did not start listening');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl: `http://127.0.0.1:${options.port}`, pid: child.pid, stop };
}
