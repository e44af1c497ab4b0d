import { realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Agent, type AgentOptions } from 'node:http';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { listenOnBridgeSocket } from './bridge-socket';
import { bridgePorts, LAUNCH_SOURCE } from './bridges';
import { registerSessionSupport, SESSION_SUPPORT } from './session-support';
import type { SessionBridge } from './types';

const FORWARDER_FILE = 'app-forwarder.cjs';
/** Where the reverse bridge's host socket appears inside the sandbox. */
const INSIDE_SOCKET = '/kiln-app/bridge.sock';
/** Connections the forwarder keeps open to Kiln, waiting for a request each. */
const POOL_SIZE = 8;

/**
 * Runs inside the sandbox (plain CommonJS, nothing but Node): starts the app, watches the
 * sandbox's own /proc/net for the port it listens on (the one the project named, and only that
 * one; else the PORT Kiln gave it, else the first it opens: Vite's 5173, Flask's 5000), then
 * keeps a pool of connections open to Kiln's socket.
 * The first bytes Kiln writes on one make it a connection to the app, and a new one replaces it
 * in the pool. The sandbox dials out, as every bridge does, so Kiln never connects to a path a
 * program inside could swap for a link. It leaves with the app's status.
 */
const FORWARDER_SOURCE = String.raw`'use strict';
const net = require('node:net');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const config = JSON.parse(process.argv[2]);
const command = process.argv.slice(4);
${LAUNCH_SOURCE}
// The forwarder opens the session's bridges itself (no launcher goes before it: one Node start
// fewer before the app's), and starts the app once they listen, so its first query finds them.
openBridgePorts(config.bridges, () => runCommand(command));
const bridgePorts = config.bridges.map((bridge) => bridge.port);

function listening(file, host) {
  let text = '';
  try { text = fs.readFileSync(file, 'utf8'); } catch { return []; }
  const found = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[3] !== '0A') continue;
    const port = parseInt(fields[1].split(':').pop(), 16);
    if (port > 0 && !bridgePorts.includes(port)) found.push({ host, port });
  }
  return found;
}
let target = null;
let control = null;
let before = [];
let newPortSeen = false;
function look() {
  const now = listening('/proc/net/tcp', '127.0.0.1').concat(listening('/proc/net/tcp6', '::1'));
  // A port counts once two looks in a row find it open: a server that tries a port by opening
  // and closing it at once (Vite does, on the wildcard addresses, before it binds its own host)
  // is not taken for the app.
  const seenBefore = (entry) =>
    before.some((seen) => seen.port === entry.port && seen.host === entry.host);
  const all = now.filter(seenBefore);
  newPortSeen = all.length < now.length;
  before = now;
  const same = (entry) => target && entry.port === target.port && entry.host === target.host;
  // A port the project named is the app's, whatever else opens first (an API beside it).
  const named = all.find((entry) => entry.port === config.port);
  const chosen = config.only ? named : named || all.find(same) || all[0];
  if (!chosen || (target && target.port === chosen.port && target.host === chosen.host)) return;
  target = chosen;
  if (control) return control.write(JSON.stringify({ port: target.port }) + '\n');
  // The first connection tells Kiln the port; only once it is in does the pool follow, so Kiln
  // knows it by arrival.
  control = net.connect(config.socket, () => {
    control.write(JSON.stringify({ port: target.port }) + '\n');
    fill();
  });
  control.on('error', () => {});
}
// Every 20 ms until the app first listens, since Run waits for it (for 30 s at most: an app
// that never listens is not read for ever at that rate), then every 200 ms, for a new port.
// A port seen once is looked at again after 5 ms: long enough for such a probe to have closed,
// short enough not to hold the first request back.
const lookingSince = Date.now();
(function lookAgain() {
  look();
  const soon = !target && Date.now() - lookingSince < 30000;
  setTimeout(lookAgain, soon ? (newPortSeen ? 5 : 20) : 200).unref();
})();

// A connection to the app's port. A refusal is tried again, for a second at most, at the port
// known then: a port a probe had opened closes, and the next look finds the app's own.
function reachApp(since, then) {
  const inside = net.connect(target.port, target.host);
  inside.once('connect', () => {
    inside.removeAllListeners('error');
    then(inside);
  });
  inside.once('error', (error) => {
    if (error.code !== 'ECONNREFUSED' || Date.now() - since > 1000) return then(null);
    setTimeout(() => reachApp(since, then), 20);
  });
}

let waiting = 0;
function fill() {
  while (waiting < config.pool) dial();
}
function dial() {
  waiting += 1;
  const outside = net.connect(config.socket);
  let used = false;
  outside.setNoDelay(true);
  outside.on('error', () => {});
  outside.once('data', (first) => {
    used = true;
    waiting -= 1;
    fill();
    outside.pause();
    reachApp(Date.now(), (inside) => {
      if (!inside) return outside.destroy();
      inside.setNoDelay(true);
      const close = () => { inside.destroy(); outside.destroy(); };
      inside.on('error', close);
      outside.on('error', close);
      inside.write(first);
      outside.pipe(inside).pipe(outside);
      outside.resume();
    });
  });
  outside.on('close', () => {
    if (used) return;
    waiting -= 1;
    setTimeout(fill, 200).unref();
  });
}
`;

registerSessionSupport(FORWARDER_FILE, FORWARDER_SOURCE);

/**
 * The sandbox command that starts `command` behind the forwarder, asking it for `port`. The
 * forwarder also opens `bridges` (the session's, whose ports are not the app's): a session
 * running it is opened with `commandOpensBridges`.
 */
export function forwarderCommand(options: {
  port: number;
  /** The project named the port: wait for it rather than take the first one opened. */
  only?: boolean;
  command: string[];
  bridges?: SessionBridge[];
}): string[] {
  return [
    realpathSync(process.execPath),
    '--max-old-space-size=64',
    `${SESSION_SUPPORT}/${FORWARDER_FILE}`,
    JSON.stringify({
      socket: INSIDE_SOCKET,
      port: options.port,
      only: options.only ?? false,
      pool: POOL_SIZE,
      bridges: bridgePorts(options.bridges ?? []),
    }),
    '--',
    ...options.command,
  ];
}

/**
 * Kiln's end of a reverse bridge: the socket the forwarder dials into, and an HTTP agent whose
 * connections are those dial-ins, so a request (or a WebSocket upgrade) reaches the app's port.
 */
export interface ReverseBridge {
  /** For `SessionRequest.mounts`: the socket, and an /etc/hosts that names localhost. */
  mounts: Array<{ host: string; inside: string }>;
  /** Settles once the app listens and the forwarder has said on which port. */
  ready: Promise<void>;
  /** The port the app listens on inside its sandbox, once known. */
  port(): number | null;
  /** Sends requests to the app; keeps connections alive between them. */
  agent: Agent;
  /** A fresh connection to the app (waits for the pool to refill), or an error after `timeoutMs`. */
  connect(timeoutMs?: number): Promise<Socket>;
  close(): Promise<void>;
}

/** How long a request waits for a free connection from the forwarder. */
const CONNECT_TIMEOUT_MS = 10_000;

export async function openReverseBridge(): Promise<ReverseBridge> {
  const idle: Socket[] = [];
  const waiters: Array<(connection: Socket) => void> = [];
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let control: Socket | null = null;
  let port: number | null = null;
  const server = createServer((connection) => {
    connection.setNoDelay(true);
    connection.on('error', () => undefined);
    if (!control) {
      // The forwarder's first connection says which port the app listens on, line by line.
      control = connection;
      let text = '';
      connection.setEncoding('utf8');
      connection.on('data', (chunk: string) => {
        text = (text + chunk).slice(-1024);
        const lines = text.split('\n');
        text = lines.pop() ?? '';
        for (const line of lines) {
          const said = parsePort(line);
          if (said === null) continue;
          port = said;
          markReady();
        }
      });
      return;
    }
    connection.on('close', () => {
      const index = idle.indexOf(connection);
      if (index !== -1) idle.splice(index, 1);
    });
    const waiter = waiters.shift();
    if (waiter) waiter(connection);
    else idle.push(connection);
  });
  // Only the sandbox's user may connect, and the bridge's close ends every connection.
  const socket = await listenOnBridgeSocket(server, 'app');
  const hosts = await hostsFile(path.dirname(socket.path));

  const connect = (timeoutMs = CONNECT_TIMEOUT_MS): Promise<Socket> => {
    const waiting = idle.shift();
    if (waiting) return Promise.resolve(waiting);
    return new Promise((resolve, reject) => {
      const give = (connection: Socket) => {
        clearTimeout(timer);
        resolve(connection);
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(give), 1);
        reject(new Error('the app did not take the connection in time'));
      }, timeoutMs);
      waiters.push(give);
    });
  };
  const agent = new BridgeAgent(connect, { keepAlive: true, keepAliveMsecs: 1000 });
  let closed: Promise<void> | null = null;
  return {
    mounts: [
      { host: socket.path, inside: INSIDE_SOCKET },
      { host: hosts, inside: '/etc/hosts' },
    ],
    ready,
    port: () => port,
    agent,
    connect,
    close() {
      closed ??= (async () => {
        agent.destroy();
        await socket.close();
      })();
      return closed;
    },
  };
}

function parsePort(line: string): number | null {
  try {
    const said: unknown = JSON.parse(line);
    if (typeof said !== 'object' || said === null || !('port' in said)) return null;
    const { port } = said;
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536
      ? port
      : null;
  } catch {
    return null;
  }
}

/** An HTTP agent whose sockets come from the forwarder's pool instead of a TCP connect. */
class BridgeAgent extends Agent {
  constructor(
    private readonly take: () => Promise<Socket>,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    _options: unknown,
    callback: (error: Error | null, socket: Duplex) => void,
  ): undefined {
    this.take().then(
      (socket) => callback(null, socket),
      (error: Error) => callback(error, undefined as unknown as Duplex),
    );
    return undefined;
  }
}

/**
 * Without it `localhost` does not resolve in the sandbox, and apps that listen on it by default
 * (Vite) fail to start. One file, written once, shared by every dev server.
 */
async function hostsFile(folder: string): Promise<string> {
  const file = path.join(folder, 'hosts');
  await writeFile(file, HOSTS, { mode: 0o644 });
  return file;
}

const HOSTS = '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n';
