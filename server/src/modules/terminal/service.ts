import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { TerminalConnection, type TerminalDeps } from './terminal-connection';

/**
 * Opens a terminal on an upgraded socket, for a project its owner opened it on: bash in the
 * sandbox over the project's workspace, until the shell exits or the socket closes.
 */
export async function openTerminal(
  deps: TerminalDeps,
  options: {
    socket: WebSocket;
    userId: string;
    projectId: string;
    size: { cols: number; rows: number };
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { socket, userId, projectId, size, log } = options;
  await new TerminalConnection(socket, deps, userId, projectId, size, log).start();
}
