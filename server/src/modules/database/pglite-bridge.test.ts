import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenBridge } from '../../sandbox/types';
import { createProjectDatabases, type ProjectDatabases } from './project-databases';

const log = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** A node-postgres client connected straight to a bridge's Unix socket, as DATABASE_URL says. */
async function clientOf(bridge: OpenBridge, password = bridge.env.PGPASSWORD): Promise<pg.Client> {
  const client = new pg.Client({
    user: bridge.env.PGUSER,
    database: bridge.env.PGDATABASE,
    password,
    // node-postgres connects the stream itself, to a port: here it goes to the socket instead.
    stream: () => {
      const socket = new net.Socket();
      const connect = socket.connect.bind(socket);
      socket.connect = (() => connect(bridge.bridge.socket)) as never;
      return socket;
    },
  });
  await client.connect();
  return client;
}

/**
 * The embedded database's bridge on its own, without a sandbox: clients take turns with the SQL
 * runner a transaction at a time (pglite-bridge-connection.ts).
 */
describe('a database bridge to an embedded database', () => {
  let dataDir: string;
  let databases: ProjectDatabases;
  const projectId = randomUUID();
  let bridge: OpenBridge;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bridge-'));
    databases = await createProjectDatabases({
      env: { DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(64), PROJECTS_DATABASE_URL: undefined },
      log,
      pool: { idleMs: 50 },
    });
    bridge = await databases.openBridge(projectId);
  });
  afterAll(async () => {
    await bridge?.close();
    await databases?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a wrong password', async () => {
    await expect(clientOf(bridge, 'not the password')).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it('lets the SQL runner in between transactions, and after one ends', async () => {
    const first = await clientOf(bridge);
    const second = await clientOf(bridge);
    try {
      await first.query('create table counts (n int)');
      // Two connections open and idle: the SQL runner is not kept waiting by either.
      const runner = await databases.execute(projectId, 'insert into counts values (1)');
      expect(runner.execution.error).toBeNull();

      await first.query('begin');
      await first.query('insert into counts values (2)');
      const order: string[] = [];
      const waiting = databases
        .execute(projectId, 'select count(*)::int as n from counts')
        .then(({ execution }) => order.push(`runner saw ${execution.rows[0]?.[0]}`));
      const other = second
        .query('select count(*)::int as n from counts')
        .then((result) => order.push(`second saw ${result.rows[0]?.n}`));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(order).toEqual([]);
      await first.query('commit');
      await Promise.all([waiting, other]);
      // Each ran only once the transaction committed (it saw the row the transaction inserted),
      // first come, first served.
      expect(order).toEqual(['runner saw 2', 'second saw 2']);
    } finally {
      await first.end();
      await second.end();
    }
  });

  it('keeps the database open while a client is connected, and lets it close after', async () => {
    const client = await clientOf(bridge);
    await client.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(databases.openCount).toBe(1);
    await client.query('select 1');
    await client.end();
    // Closed once idle (50 ms here), however long a loaded machine takes to get there.
    await expect.poll(() => databases.openCount, { timeout: 10_000 }).toBe(0);
  });

  it('rolls back the transaction of a client that goes', async () => {
    const client = await clientOf(bridge);
    client.on('error', () => undefined);
    await client.query('create table if not exists kept (n int)');
    await client.query('begin');
    await client.query('insert into kept values (1)');
    // Gone without a word: the bridge rolls back before the next turn.
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    const { execution } = await databases.execute(projectId, 'select count(*)::int as n from kept');
    expect(execution.rows).toEqual([[0]]);
  });

  it('answers queries a client sends at once, each in turn', async () => {
    const client = await clientOf(bridge);
    try {
      const answers = await Promise.all(
        [1, 2, 3].map((n) => client.query('select $1::int * 10 as n', [n])),
      );
      expect(answers.map((answer) => answer.rows[0])).toEqual([{ n: 10 }, { n: 20 }, { n: 30 }]);
    } finally {
      await client.end();
    }
  });

  it('fails a COPY FROM STDIN with a message instead of losing the database', async () => {
    const client = await clientOf(bridge);
    try {
      await expect(client.query('copy kept from stdin')).rejects.toThrow(/COPY FROM STDIN/);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });
});
