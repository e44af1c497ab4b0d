import { randomBytes } from 'node:crypto';
import { chmod, chown, lstat, mkdir, rm } from 'node:fs/promises';
import type { Server, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sandboxUser } from './create-sandbox';

/** A server listening on a bridge's Unix socket (types.ts `SessionBridge`). */
export interface BridgeSocket {
  /** The socket's host path, for `SessionBridge.socket`. */
  path: string;
  /** Stops listening, ends every open connection and removes the socket. */
  close(): Promise<void>;
}

/**
 * Makes `server` listen on a fresh Unix socket for one run's or session's bridge. Only the
 * sandbox's user may connect (nobody, for a root server), and the socket sits in a folder only
 * Kiln can list, under a name with 64 random bits, so no other run can find it either.
 */
export async function listenOnBridgeSocket(server: Server, name: string): Promise<BridgeSocket> {
  const folder = await ownedTempFolder('kiln-bridges');
  const socket = path.join(folder, `${name}-${randomBytes(8).toString('hex')}.sock`);
  // Clients keep connections open; the bridge's end closes them.
  const connections = new Set<Socket>();
  server.on('connection', (connection: Socket) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
  });
  await listen(server, socket);
  try {
    const owner = sandboxUser();
    if (owner) await chown(socket, owner.uid, owner.gid);
    await chmod(socket, 0o600);
  } catch (error) {
    server.close();
    await rm(socket, { force: true });
    throw error;
  }
  let closed: Promise<void> | null = null;
  return {
    path: socket,
    close() {
      closed ??= (async () => {
        const done = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const connection of connections) connection.destroy();
        await done;
        await rm(socket, { force: true });
      })();
      return closed;
    },
  };
}

/**
 * A folder of bridge sockets (`name`) in the shared temporary folder. It must be Kiln's own:
 * anyone else's (made there first, or a link) could swap a socket.
 */
export async function ownedTempFolder(name: string): Promise<string> {
  const folder = path.join(os.tmpdir(), name);
  await mkdir(folder, { recursive: true, mode: 0o711 });
  const stats = await lstat(folder);
  if (!stats.isDirectory() || stats.uid !== process.getuid?.()) {
    throw new Error(`${folder} is not a folder of Kiln's own: remove it and start again`);
  }
  if ((stats.mode & 0o777) !== 0o711) await chmod(folder, 0o711);
  return folder;
}

function listen(server: Server, socket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
