import { createServer, type Socket } from 'node:net';
import { listenOnBridgeSocket } from '../../sandbox/bridge-socket';
import type { OpenBridge } from '../../sandbox/types';
import { errorResponse } from './bridge-protocol';
import type { BridgeCredentials } from './bridge-startup';

/** The port programs in a sandbox reach their project's database on: `127.0.0.1:5432`. */
export const DATABASE_BRIDGE_PORT = 5432;
/** Clients connected through one bridge at once: an app's pool and a psql beside it. */
const MAX_CLIENTS = 16;

/**
 * A project's database on a bridge of one run or session (docs/decisions/
 * 0017-project-databases.md): a Unix socket that programs in the sandbox reach as
 * 127.0.0.1:5432, and the variables every PostgreSQL client reads (DATABASE_URL for most
 * libraries, PG* for psql and libpq). `serve` speaks to each client.
 */
export async function openDatabaseBridge(options: {
  projectId: string;
  credentials: BridgeCredentials;
  serve: (client: Socket) => void;
}): Promise<OpenBridge> {
  let clients = 0;
  const server = createServer((client) => {
    if (clients >= MAX_CLIENTS) {
      client.end(errorResponse('FATAL', '53300', 'sorry, too many clients already'));
      return;
    }
    clients += 1;
    client.on('close', () => (clients -= 1));
    options.serve(client);
  });
  const socket = await listenOnBridgeSocket(server, `database-${options.projectId.slice(0, 8)}`);
  return {
    bridge: { port: DATABASE_BRIDGE_PORT, socket: socket.path },
    env: databaseEnvironment(options.credentials),
    close: () => socket.close(),
  };
}

function databaseEnvironment(credentials: BridgeCredentials): Record<string, string> {
  const { user, password, database } = credentials;
  const url = new URL(`postgresql://127.0.0.1:${DATABASE_BRIDGE_PORT}`);
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  // The bridge is a socket on the same machine, and answers no to TLS.
  url.searchParams.set('sslmode', 'disable');
  return {
    DATABASE_URL: url.toString(),
    PGHOST: '127.0.0.1',
    PGPORT: String(DATABASE_BRIDGE_PORT),
    PGUSER: user,
    PGPASSWORD: password,
    PGDATABASE: database,
    PGSSLMODE: 'disable',
  };
}
