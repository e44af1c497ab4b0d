import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { errorResponse } from './bridge-protocol';
import { readClientStartup, type BridgeCredentials } from './bridge-startup';

export interface PostgresBridgeTarget {
  /** The project's role and database, and the role's password (DATABASE_URL). */
  credentials: BridgeCredentials;
  /** Creates the role and database on first use. */
  provision(): Promise<void>;
  /** A new connection to the PostgreSQL server. */
  connect(): Socket;
}

/**
 * One client of a project's database on a PostgreSQL server, through a database bridge
 * (docs/decisions/0017-project-databases.md). The bridge reads the client's startup packet and
 * lets only the project's role into the project's database through; after that the bytes pass
 * both ways untouched, and the server itself checks the role's password. Each client has a
 * connection of its own, so clients and the SQL runner never wait on one another.
 */
export function servePostgresClient(
  client: Socket,
  target: PostgresBridgeTarget,
  log: FastifyBaseLogger,
): void {
  let buffer: Buffer = Buffer.alloc(0);
  let upstream: Socket | null = null;
  const end = (reply?: Buffer) => {
    if (reply) client.end(reply);
    else client.destroy();
    upstream?.destroy();
  };
  const onData = (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    readStartup();
  };
  const readStartup = () => {
    const read = readClientStartup(buffer, target.credentials);
    if (read.kind === 'incomplete') return;
    buffer = read.rest;
    if (read.kind === 'again') {
      client.write(read.reply);
      return readStartup();
    }
    if (read.kind === 'refused') return end(read.error);
    client.off('data', onData);
    client.pause();
    const opening = read.kind === 'cancel' ? read.bytes : read.startup;
    if (read.kind === 'startup' && read.reply) client.write(read.reply);
    void connectThrough(Buffer.concat([opening, buffer]));
  };
  const connectThrough = async (opening: Buffer) => {
    try {
      await target.provision();
    } catch (error) {
      log.warn({ err: error }, 'a database bridge could not prepare the project database');
      return end(
        errorResponse('FATAL', '57P03', 'The project database is not available right now.'),
      );
    }
    if (client.destroyed) return;
    const server = target.connect();
    upstream = server;
    server.on('error', (error) => {
      log.warn({ err: error }, 'a database bridge lost its connection to the server');
      end();
    });
    server.on('close', () => client.destroy());
    server.write(opening);
    client.pipe(server);
    server.pipe(client);
    client.resume();
  };
  client.on('data', onData);
  client.on('error', () => end());
  client.on('close', () => upstream?.destroy());
}
