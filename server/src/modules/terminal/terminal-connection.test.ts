import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyWebsocket from '@fastify/websocket';
import { TERMINAL_LIMITS } from '@kiln/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createSandbox, type ManagedSandbox } from '../../sandbox/create-sandbox';
import type { SyncReport, WorkspaceLease, Workspaces } from '../workspaces';
import { RELAY_READ_BYTES, registerTerminalSupport } from './pty-relay';
import { openTerminal, resumeTerminal } from './service';
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
      resumeMs: 3_000,
      keepAliveMs: 1_000,
    };
    registerTerminalSupport();
    app = Fastify();
    await app.register(fastifyWebsocket);
    // The app's route checks who is asking; here the query says it (`user`).
    app.get('/api/terminal/:projectId', { websocket: true }, (socket, request) => {
      const query = request.query as { user?: string; resume?: string; received?: string };
      const owner = {
        userId: query.user ?? 'user',
        projectId: (request.params as { projectId: string }).projectId,
      };
      const size = { cols: 200, rows: 40 };
      const received = Number(query.received ?? 0);
      if (
        query.resume &&
        resumeTerminal(deps.registry, query.resume, { ...owner, socket, size, received })
      ) {
        return;
      }
      return openTerminal(deps, { ...owner, socket, size, log });
    });
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

  describe('after its connection drops', () => {
    const resumeQuery = (terminal: TestTerminal, shell: string, user = 'user') =>
      `?user=${user}&resume=${shell}&received=${terminal.bytesReceived}`;
    /** A resumed tab has seen the prompt already: Enter draws another, for `run` to wait for. */
    const freshPrompt = async (terminal: TestTerminal) => {
      const from = terminal.text.length;
      terminal.type('\r');
      await terminal.waitFor(/\$ $/, { from });
    };
    const waitUntil = async (done: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(done()).toBe(true);
    };

    it('keeps the shell running, and the tab that comes back gets it with what it missed', async () => {
      const first = await TestTerminal.open({ app, projectId: 'r1' });
      const { shell, resumeSeconds } = await first.waitForMessage('ready');
      expect(resumeSeconds).toBe(3);
      await first.run('export MARK=kept; touch seen.txt', /\$ $/);
      first.type('sleep 0.4; echo "printed-while-""away"\r');
      await first.waitFor(/sleep 0.4/);
      first.drop();
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const listener of listeners)
        listener({ fromDisk: ['seen.txt'], toDisk: [], problems: [] });
      await new Promise((resolve) => setTimeout(resolve, 600));

      const back = await TestTerminal.open({
        app,
        projectId: 'r1',
        query: resumeQuery(first, shell),
      });
      expect(await back.waitForMessage('resumed')).toEqual({ type: 'resumed', lostBytes: 0 });
      expect(back.messages.some((message) => message.type === 'ready')).toBe(false);
      await back.waitFor(/printed-while-away\n/);
      // Only what the first connection had not received: nothing is drawn twice.
      expect(back.text).not.toContain('export MARK');
      expect(await back.waitForMessage('files-changed')).toEqual({
        type: 'files-changed',
        paths: ['seen.txt'],
      });
      await back.run('echo "[$MARK]"', /\[kept\]\n/);
      back.close();
      await back.closed;
    });

    it("gives anyone else's id, and an ended shell's, a new shell that knows nothing of it", async () => {
      const first = await TestTerminal.open({ app, projectId: 'r2' });
      const { shell } = await first.waitForMessage('ready');
      await first.run('export MARK=secret', /\$ $/);
      first.drop();
      await new Promise((resolve) => setTimeout(resolve, 100));

      for (const [user, projectId] of [
        ['mallory', 'r2'],
        ['user', 'elsewhere'],
      ]) {
        const other = await TestTerminal.open({
          app,
          projectId: projectId!,
          query: resumeQuery(first, shell, user),
        });
        const ready = await other.waitForMessage('ready');
        expect(ready.shell).not.toBe(shell);
        await other.run('echo "[$MARK]"', /\[\]\n/);
        other.close();
        await other.closed;
      }
      // Still there for its own tab, which ends it properly this time.
      const back = await TestTerminal.open({
        app,
        projectId: 'r2',
        query: resumeQuery(first, shell),
      });
      await back.waitForMessage('resumed');
      await freshPrompt(back);
      await back.run('echo "[$MARK]"', /\[secret\]\n/);
      back.close();
      await back.closed;
      const again = await TestTerminal.open({
        app,
        projectId: 'r2',
        query: resumeQuery(back, shell),
      });
      expect((await again.waitForMessage('ready')).shell).not.toBe(shell);
      again.close();
      await again.closed;
    });

    it('ends the shell and frees its workspace when nobody comes back in time', async () => {
      const before = { ...leases };
      const first = await TestTerminal.open({ app, projectId: 'r3' });
      await first.waitForMessage('ready');
      first.drop();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(leases.released).toBe(before.released);
      await waitUntil(() => leases.released === before.released + 1);
    });

    it('says how much of what the tab missed was no longer kept', async () => {
      const FLOOD = 600_000;
      const first = await TestTerminal.open({ app, projectId: 'r4' });
      const { shell } = await first.waitForMessage('ready');
      await first.waitFor(/\$ $/);
      first.type(`sleep 0.3; head -c ${FLOOD} /dev/zero | tr "\\0" x; echo; echo flood-done\r`);
      await first.waitFor(/flood-done/);
      const received = first.bytesReceived;
      first.drop();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const back = await TestTerminal.open({
        app,
        projectId: 'r4',
        query: `?resume=${shell}&received=${received}`,
      });
      const { lostBytes } = await back.waitForMessage('resumed');
      // The log keeps the newest `resumeOutputBytes` in whole chunks, so up to one relay read
      // (RELAY_READ_BYTES) more: what is lost is the flood less that, give or take the prompt's few bytes.
      const kept = TERMINAL_LIMITS.resumeOutputBytes;
      expect(lostBytes).toBeGreaterThanOrEqual(FLOOD - kept - RELAY_READ_BYTES);
      expect(lostBytes).toBeLessThanOrEqual(FLOOD + 100 - kept);
      await back.waitFor(/flood-done\n/);
      back.close();
      await back.closed;
    });

    it('lets a connection that stopped answering go, and its tab resumes the shell', async () => {
      const quiet = await TestTerminal.open({ app, projectId: 'r5' });
      const { shell } = await quiet.waitForMessage('ready');
      await quiet.run('export MARK=alive', /\$ $/);
      // The keepalive (every second here) ends a socket that answers no ping, as a dropped one.
      quiet.stopAnswering();
      const { code } = await quiet.closed;
      expect(code).toBe(1006);
      const back = await TestTerminal.open({
        app,
        projectId: 'r5',
        query: resumeQuery(quiet, shell),
      });
      await back.waitForMessage('resumed');
      await freshPrompt(back);
      await back.run('echo "[$MARK]"', /\[alive\]\n/);
      back.close();
      await back.closed;
    });

    it('takes the shell from a connection the server still holds when its tab comes back', async () => {
      const first = await TestTerminal.open({ app, projectId: 'r6' });
      const { shell } = await first.waitForMessage('ready');
      await first.run('export MARK=moved', /\$ $/);
      const back = await TestTerminal.open({
        app,
        projectId: 'r6',
        query: resumeQuery(first, shell),
      });
      await back.waitForMessage('resumed');
      expect((await first.closed).code).toBe(1006);
      await freshPrompt(back);
      await back.run('echo "[$MARK]"', /\[moved\]\n/);
      back.close();
      await back.closed;
    });
  });
});
