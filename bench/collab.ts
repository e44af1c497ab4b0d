// bench/collab: delivery latency of live presence (GET /ws) under load, next to a bare `ws`
// server doing the same fan-out (the floor for one Node.js process on this machine).
//  - Kiln: the production build (server/dist, `npm run build` first) in a process of its own,
//    20 accounts with a project each, 10 sockets per project (200 in all) signed in with the
//    session cookie and joined. Every socket sends `file_saved` once a second; the time runs
//    from the send to each of the other 9 sockets' `file_updated`.
//  - Bare: this file run as a plain `ws` server in a process of its own, keeping rooms and
//    forwarding each save to the room's other sockets: no session, no validation, no hub.
// The clients all live in this process, so a send and its receipts are timed on one clock (the
// save's path carries its send time). The first seconds warm up and are not counted.
// Goal: p99 under 50 ms and within 2x of the bare server. It is a measurement, not a test: it
// prints met/MISSED and exits 0 either way.
// Run: npm run collab -w bench   (BENCH_SECONDS=5 for a quick look)
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import {
  BenchClient,
  printTable,
  startServer,
  supportedPercentile,
  type RunningServer,
} from './lib/server';
import { joined } from './lib/presence';

const KILN_PORT = 5445;
const BARE_PORT = 5448;
const PROJECTS = 20;
const PER_PROJECT = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 2;
const GOAL_P99_MS = 50;
const GOAL_RATIO = 2;

interface Client {
  socket: WebSocket;
  project: number;
}

/** The bare server: rooms by project, each save forwarded to the room's other sockets. */
function serveBare(port: number): void {
  const rooms = new Map<string, Set<WebSocket>>();
  const server = new WebSocketServer({ port, host: '127.0.0.1' });
  server.on('connection', (socket) => {
    let room: Set<WebSocket> | null = null;
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        type: string;
        projectId?: string;
        filePath?: string;
      };
      if (message.type === 'join' && message.projectId) {
        room = rooms.get(message.projectId) ?? new Set();
        rooms.set(message.projectId, room);
        room.add(socket);
        socket.send(JSON.stringify({ type: 'users', users: [] }));
      } else if (message.type === 'file_saved' && room) {
        const text = JSON.stringify({ type: 'file_updated', filePath: message.filePath });
        for (const other of room) if (other !== socket) other.send(text);
      }
    });
    socket.on('close', () => room?.delete(socket));
  });
}

/**
 * Every client saves once a second (at its own offset within the second) for SECONDS; answers
 * each delivery's latency in ms, with how many deliveries were expected and how many came.
 */
async function measure(clients: Client[]) {
  const latencies: number[] = [];
  let expected = 0;
  let received = 0;
  const started = performance.now();
  const countedFrom = started + WARMUP_SECONDS * 1000;
  for (const { socket } of clients) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string; filePath?: string };
      if (message.type !== 'file_updated' || !message.filePath) return;
      const sentAt = Number(message.filePath.split('/')[1]);
      if (sentAt < countedFrom) return;
      received += 1;
      latencies.push(performance.now() - sentAt);
    });
  }
  const timers = clients.map(({ socket }, index) => {
    const offset = (index * 1000) / clients.length;
    return setTimeout(() => {
      const save = () => {
        const now = performance.now();
        if (now >= countedFrom) expected += PER_PROJECT - 1;
        socket.send(JSON.stringify({ type: 'file_saved', filePath: `t/${now}/index.html` }));
      };
      save();
      timers.push(setInterval(save, 1000));
    }, offset);
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  for (const timer of timers) clearInterval(timer);
  // Deliveries in flight when the sends stop.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const { socket } of clients) socket.close();
  return { latencies, expected, received };
}

async function kilnClients(server: RunningServer): Promise<Client[]> {
  const url = `${server.baseUrl.replace('http', 'ws')}/ws`;
  const clients: Client[] = [];
  for (let project = 0; project < PROJECTS; project += 1) {
    const account = new BenchClient(server.baseUrl);
    const email = `bench-${Date.now()}-${project}@example.com`;
    const registered = await account.request('POST', '/api/auth/register', {
      email,
      password: 'bench-password',
      name: `Bench ${project}`,
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const created = await account.request('POST', '/api/projects', {
      name: `Presence ${project}`,
      templateId: 'blank',
    });
    if (created.status !== 201) throw new Error(`create project answered ${created.status}`);
    const projectId = created.json<{ id: string }>().id;
    const cookie = account.cookieHeader();
    for (let tab = 0; tab < PER_PROJECT; tab += 1) {
      clients.push({ socket: await joined(url, projectId, { cookie }), project });
    }
    account.close();
  }
  return clients;
}

async function bareClients(): Promise<Client[]> {
  const clients: Client[] = [];
  for (let project = 0; project < PROJECTS; project += 1) {
    for (let tab = 0; tab < PER_PROJECT; tab += 1) {
      const socket = await joined(`ws://127.0.0.1:${BARE_PORT}`, `project-${project}`);
      clients.push({ socket, project });
    }
  }
  return clients;
}

async function startBare(): Promise<ChildProcess> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--bare-server'], {
    cwd: path.dirname(self),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = new WebSocket(`ws://127.0.0.1:${BARE_PORT}`);
      probe.once('open', () => {
        probe.close();
        resolve(true);
      });
      probe.once('error', () => resolve(false));
    });
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the bare server did not start');
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');

function summary(result: Awaited<ReturnType<typeof measure>>) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    p50: supportedPercentile(sorted, 50),
    p99: supportedPercentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    delivered: `${result.received}/${result.expected}`,
  };
}

async function main() {
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  const server = await startServer({
    port: KILN_PORT,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  let kiln;
  try {
    kiln = summary(await measure(await kilnClients(server)));
  } finally {
    await server.stop();
  }
  const bareServer = await startBare();
  let bare;
  try {
    bare = summary(await measure(await bareClients()));
  } finally {
    bareServer.kill('SIGTERM');
  }
  console.log(
    `presence bench on ${os.cpus().length} cores, load average ${loadBefore} before and ${os
      .loadavg()[0]!
      .toFixed(2)} after; ${PROJECTS * PER_PROJECT} sockets in ${PROJECTS} projects, one save ` +
      `per socket per second for ${SECONDS} s (the first ${WARMUP_SECONDS} s not counted)`,
  );
  const ratio = kiln.p99 / bare.p99;
  printTable(
    ['send to each other socket', 'p50 ms', 'p99 ms', 'max ms', 'delivered', 'goal'],
    [
      [
        'Kiln: GET /ws, session, zod, hub',
        ms(kiln.p50),
        ms(kiln.p99),
        ms(kiln.max),
        kiln.delivered,
        `p99 < ${GOAL_P99_MS} ms: ${kiln.p99 < GOAL_P99_MS ? 'met' : 'MISSED'}; ` +
          `within ${GOAL_RATIO}x of bare: ${ratio <= GOAL_RATIO ? 'met' : 'MISSED'} (${ratio.toFixed(2)}x)`,
      ],
      [
        'bare ws server, same fan-out',
        ms(bare.p50),
        ms(bare.p99),
        ms(bare.max),
        bare.delivered,
        '',
      ],
    ],
  );
}

if (process.argv.includes('--bare-server')) serveBare(BARE_PORT);
else await main();
