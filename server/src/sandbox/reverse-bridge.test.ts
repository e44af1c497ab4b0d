import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../test/system-programs';
import { createSandbox, type ManagedSandbox } from './create-sandbox';
import { forwarderCommand, openReverseBridge, type ReverseBridge } from './reverse-bridge';
import { runEnvironment } from './run-environment';
import type { SandboxSession } from './types';

const log = { info() {}, warn() {}, error() {} } as never;
const LIMITS = {
  cpuSeconds: 30,
  memoryBytes: 512 * 1024 * 1024,
  processes: 64,
  fileBytes: 10 * 1024 * 1024,
  openFiles: 256,
};

/** An app that ignores PORT and picks a port of its own, as Vite and Flask do by default. */
const APP = `
const http = require('node:http');
http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => response.end('app saw ' + request.method + ' ' + request.url + ' ' + body));
}).listen(5173, '127.0.0.1', () => console.log('listening'));
`;

/** An app that queries the host through a bridge as it starts, then listens. */
const QUERIES_FIRST = `
const http = require('node:http');
fetch('http://127.0.0.1:4873/at-start')
  .then((response) => response.text(), (error) => 'refused: ' + (error.cause?.code ?? error.message))
  .then((text) => {
    console.log(text);
    http.createServer((request, response) => response.end('app')).listen(5173, '127.0.0.1');
  });
`;

/** A port held open a moment and closed (a check for a free port), then the app's own. */
const PROBE_THEN_APP = `
const http = require('node:http');
const net = require('node:net');
const probe = net.createServer().listen(4000, '127.0.0.1', () => {
  setTimeout(() => probe.close(() => {
    setTimeout(() => {
      http.createServer((request, response) => response.end('the app')).listen(4001, '127.0.0.1');
    }, 300);
  }), 100);
});
`;

/** An API that listens at once, and the client the project names a moment later. */
const API_THEN_CLIENT = `
const http = require('node:http');
http.createServer((request, response) => response.end('api')).listen(3001, '127.0.0.1');
setTimeout(() => {
  http.createServer((request, response) => response.end('client')).listen(5173, '127.0.0.1');
}, 600);
`;

function get(bridge: ReverseBridge, url: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { agent: bridge.agent, path: url, method: body ? 'POST' : 'GET', host: 'app' },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('a reverse bridge into a sandbox session', needs('bwrap'), () => {
  let sandbox: ManagedSandbox;
  let root: string;
  let workspace: string;

  beforeAll(async () => {
    sandbox = await createSandbox(
      { preference: 'bubblewrap', pythonCommand: 'python3', maxIdleWorkers: 1 },
      log,
    );
    root = await mkdtemp(path.join(os.tmpdir(), 'kiln-reverse-'));
    workspace = path.join(root, 'workspace');
    await mkdir(workspace);
    await writeFile(path.join(workspace, 'app.js'), APP);
    await writeFile(path.join(workspace, 'two.js'), API_THEN_CLIENT);
    await writeFile(path.join(workspace, 'queries-first.js'), QUERIES_FIRST);
    await writeFile(path.join(workspace, 'probe.js'), PROBE_THEN_APP);
    if (process.getuid?.() === 0) {
      await chmod(root, 0o711);
      await chown(workspace, 65534, 65534);
    }
  });

  /** The app in `options.command`, started by the forwarder in a session over the workspace. */
  const openForwarder = (bridge: ReverseBridge, options: Parameters<typeof forwarderCommand>[0]) =>
    sandbox.openSession!({
      workspace,
      env: runEnvironment({ PORT: '3000' }),
      command: forwarderCommand(options),
      commandOpensBridges: true,
      limits: LIMITS,
      bridges: options.bridges ?? [],
      mounts: bridge.mounts,
      scratchBytes: 16 * 1024 * 1024,
    });

  afterAll(async () => {
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });

  it('reaches the port the app opened, request after request', async () => {
    const bridge = await openReverseBridge();
    let session: SandboxSession | null = null;
    try {
      session = await openForwarder(bridge, { port: 3000, command: ['/usr/bin/node', 'app.js'] });
      let output = '';
      session.child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      session.child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await bridge.ready;
      expect(bridge.port()).toBe(5173);
      expect(await get(bridge, '/first')).toBe('app saw GET /first ');
      const many = await Promise.all(
        Array.from({ length: 20 }, (_, index) => get(bridge, `/n/${index}`, `body ${index}`)),
      );
      expect(many).toEqual(
        Array.from({ length: 20 }, (_, index) => `app saw POST /n/${index} body ${index}`),
      );
      expect(output).toContain('listening');
    } finally {
      session?.kill();
      await bridge.close();
    }
  });
  it('waits for the port the project named, not the first one opened', async () => {
    const bridge = await openReverseBridge();
    let session: SandboxSession | null = null;
    try {
      session = await openForwarder(bridge, {
        port: 5173,
        only: true,
        command: ['/usr/bin/node', 'two.js'],
      });
      await bridge.ready;
      expect(bridge.port()).toBe(5173);
      expect(await get(bridge, '/')).toBe('client');
    } finally {
      session?.kill();
      await bridge.close();
    }
  });

  it("opens the session's bridges before the app starts, and never takes their ports for the app's", async () => {
    const socket = path.join(root, 'database.sock');
    const host = createServer((request, response) => response.end(`host saw ${request.url}`));
    await new Promise<void>((resolve) => host.listen(socket, resolve));
    if (process.getuid?.() === 0) await chown(socket, 65534, 65534);
    const bridge = await openReverseBridge();
    let session: SandboxSession | null = null;
    try {
      session = await openForwarder(bridge, {
        port: 3000,
        command: ['/usr/bin/node', 'queries-first.js'],
        bridges: [{ port: 4873, socket }],
      });
      let output = '';
      session.child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await bridge.ready;
      expect(bridge.port()).toBe(5173);
      expect(await get(bridge, '/')).toBe('app');
      expect(output).toBe('host saw /at-start\n');
    } finally {
      session?.kill();
      await bridge.close();
      host.close();
    }
  });

  it('holds a request that finds the port closed until the app listens on its own', async () => {
    const bridge = await openReverseBridge();
    let session: SandboxSession | null = null;
    try {
      session = await openForwarder(bridge, { port: 3000, command: ['/usr/bin/node', 'probe.js'] });
      await bridge.ready;
      expect(bridge.port()).toBe(4000);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await get(bridge, '/')).toBe('the app');
      expect(bridge.port()).toBe(4001);
    } finally {
      session?.kill();
      await bridge.close();
    }
  });
});
