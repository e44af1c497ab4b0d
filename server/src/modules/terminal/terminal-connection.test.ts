import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createSandbox, type ManagedSandbox } from '../../sandbox/create-sandbox';
import type { SyncReport, WorkspaceLease, Workspaces } from '../workspaces';
import { registerTerminalSupport } from './pty-relay';
import { openTerminal } from './service';
import type { TerminalDeps } from './terminal-connection';
import { TerminalRegistry } from './terminal-registry';
import { TestTerminal } from './test-terminal';

const log = { info() {}, warn() {}, error() {}, debug() {} } as never;

/**
 * The terminal on its own, without the app: a plain folder stands for the project's workspace,
 * so a test can count its leases and break what the terminal depends on.
 */
describe('a terminal connection', needs('bwrap', 'python3'), () => {
  let sandbox: ManagedSandbox;
  let root: string;
  let app: FastifyInstance;
  const leases = { acquired: 0, released: 0 };
  const listeners = new Set<(report: SyncReport) => void>();
  let deps: TerminalDeps;

  beforeAll(async () => {
    sandbox = await createSandbox(
      { preference: 'bubblewrap', pythonCommand: 'python3', maxIdleWorkers: 1 },
      log,
    );
    root = await mkdtemp(path.join(os.tmpdir(), 'kiln-terminal-'));
    // A root server's sandboxes run as nobody, who must reach and write the folder.
    if (process.getuid?.() === 0) {
      await chmod(root, 0o755);
      await chown(root, 65534, 65534);
    }
    const workspaces: Workspaces = {
      folderOf: () => root,
      problem: async () => null,
      removeOrphans: async () => 0,
      close: async () => {},
      acquire: async (): Promise<WorkspaceLease> => {
        leases.acquired += 1;
        return {
          path: root,
          flush: async () => ({ fromDisk: [], toDisk: [], problems: [] }),
          onChange(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
          release: async () => {
            leases.released += 1;
          },
        };
      },
    };
    deps = {
      sandbox,
      workspaces,
      environment: async () => ({ FROM_PROJECT: 'yes' }),
      openRegistryBridge: async () => {
        throw new Error('the registry proxy is down');
      },
      registry: new TerminalRegistry(),
      idleMs: 60_000,
    };
    registerTerminalSupport();
    app = Fastify();
    await app.register(fastifyWebsocket);
    app.get('/api/terminal/:projectId', { websocket: true }, (socket, request) =>
      openTerminal(deps, {
        socket,
        userId: 'user',
        projectId: (request.params as { projectId: string }).projectId,
        size: { cols: 200, rows: 40 },
        log,
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });

  it('opens without the registry proxy when it fails, and says so in the shell', async () => {
    const terminal = await TestTerminal.open({ app, projectId: 'p1' });
    await terminal.waitForMessage('ready');
    await terminal.waitFor(/installing packages is unavailable in this terminal right now/);
    await terminal.run('echo "[$FROM_PROJECT]"', /\[yes\]\n/);
    terminal.close();
    await terminal.closed;
  });

  it('passes on which files the shell changed, and releases the workspace once it closes', async () => {
    const before = { ...leases };
    const terminal = await TestTerminal.open({ app, projectId: 'p2' });
    await terminal.waitFor(/\$ $/);
    expect(leases.acquired).toBe(before.acquired + 1);
    for (const listener of listeners) listener({ fromDisk: ['a.txt'], toDisk: [], problems: [] });
    // A pass that only wrote to the disk changed nothing the editor lacks.
    for (const listener of listeners) listener({ fromDisk: [], toDisk: ['b.txt'], problems: [] });
    expect(await terminal.waitForMessage('files-changed')).toEqual({
      type: 'files-changed',
      paths: ['a.txt'],
    });
    terminal.close();
    await terminal.closed;
    const deadline = Date.now() + 5_000;
    while (leases.released === before.released && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(leases.released).toBe(before.released + 1);
    expect(terminal.messages.filter((message) => message.type === 'files-changed')).toHaveLength(1);
  });

  it('releases the workspace of a socket that closes while the shell is starting', async () => {
    const before = { ...leases };
    const terminal = await TestTerminal.open({ app, projectId: 'p3' });
    terminal.socket.terminate();
    const deadline = Date.now() + 5_000;
    while (leases.released < before.released + 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(leases.acquired - before.acquired).toBe(1);
    expect(leases.released - before.released).toBe(1);
  });
});
