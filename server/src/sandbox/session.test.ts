import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../test/system-programs';
import { createSandbox, type ManagedSandbox } from './create-sandbox';
import { runEnvironment } from './run-environment';
import { collectSession } from './test-session';
import type { SessionRequest } from './types';

const log = { info() {}, warn() {}, error() {} } as never;
const LIMITS = {
  cpuSeconds: 10,
  memoryBytes: 512 * 1024 * 1024,
  processes: 64,
  fileBytes: 10 * 1024 * 1024,
  openFiles: 256,
};

describe('a sandbox session over a workspace', needs('bwrap'), () => {
  let sandbox: ManagedSandbox;
  let root: string;
  let workspace: string;
  let registry: Server;
  let socket: string;

  beforeAll(async () => {
    sandbox = await createSandbox(
      { preference: 'bubblewrap', pythonCommand: 'python3', maxIdleWorkers: 1 },
      log,
    );
    root = await mkdtemp(path.join(os.tmpdir(), 'kiln-session-'));
    workspace = path.join(root, 'workspace');
    await mkdir(workspace);
    socket = path.join(root, 'bridge.sock');
    registry = createServer((request, response) => response.end(`host saw ${request.url}`));
    await new Promise<void>((resolve) => registry.listen(socket, resolve));
    // A root server's sandboxes run as nobody, who must be able to write there and connect.
    if (process.getuid?.() === 0) {
      // bubblewrap mounts by path, as the sandbox's user: the folders on the way must let it pass.
      await chmod(root, 0o711);
      await chown(workspace, 65534, 65534);
      await chown(socket, 65534, 65534);
    }
  });

  afterAll(async () => {
    registry.close();
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });

  const request = (command: string[]): SessionRequest => ({
    workspace,
    env: runEnvironment({ MARK: 'set by the project' }),
    command,
    limits: LIMITS,
    bridges: [{ port: 4873, socket }],
    scratchBytes: 16 * 1024 * 1024,
  });

  it('keeps what the program writes in the workspace and nothing it writes elsewhere', async () => {
    await writeFile(path.join(workspace, 'given.txt'), 'from the host');
    const session = await sandbox.openSession!(
      request([
        '/bin/sh',
        '-c',
        'cat given.txt; echo; echo "$MARK" > made.txt; echo scratch > /tmp/x; pwd',
      ]),
    );
    const result = await collectSession(session);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toBe('from the host\n/home/kiln/project\n');
    expect(await readFile(path.join(workspace, 'made.txt'), 'utf8')).toBe('set by the project\n');
  });

  it('reaches the host through its bridge and nothing else on the network', async () => {
    const script = `
      const show = (p) => p.then((r) => r.text()).catch((e) => 'refused: ' + (e.cause?.code ?? e.message));
      (async () => {
        console.log(await show(fetch('http://127.0.0.1:4873/npm/left-pad')));
        console.log(await show(fetch('http://127.0.0.1:5432/')));
        console.log(await show(fetch('http://10.0.0.1/', { signal: AbortSignal.timeout(2000) })));
      })();`;
    const session = await sandbox.openSession!(request(['/usr/bin/node', '-e', script]));
    const result = await collectSession(session);
    const lines = result.out.trim().split('\n');
    expect(lines[0]).toBe('host saw /npm/left-pad');
    expect(lines[1]).toMatch(/^refused/);
    expect(lines[2]).toMatch(/^refused/);
  });

  it('shows a hidden folder empty and read-only, and leaves it as it was', async () => {
    await mkdir(path.join(workspace, '.cache-of-kiln'), { recursive: true });
    await writeFile(path.join(workspace, '.cache-of-kiln', 'kept.txt'), 'kept');
    if (process.getuid?.() === 0) await chown(path.join(workspace, '.cache-of-kiln'), 65534, 65534);
    const session = await sandbox.openSession!({
      ...request([
        '/bin/sh',
        '-c',
        'ls -A .cache-of-kiln; echo listed; echo x > .cache-of-kiln/new.txt || echo refused',
      ]),
      hidden: ['.cache-of-kiln'],
    });
    const result = await collectSession(session);
    expect(result.out).toBe('listed\nrefused\n');
    expect(result.err).toMatch(/Read-only file system/);
    expect(await readFile(path.join(workspace, '.cache-of-kiln', 'kept.txt'), 'utf8')).toBe('kept');
  });

  it('sees neither the server environment nor its data', async () => {
    const session = await sandbox.openSession!(
      request(['/bin/sh', '-c', `env; ls ${JSON.stringify(process.cwd())} 2>&1 || true`]),
    );
    const result = await collectSession(session);
    expect(result.out).toContain('MARK=set by the project');
    expect(result.out).not.toContain('DATABASE_URL');
    expect(result.out).toContain('No such file or directory');
  });
});
