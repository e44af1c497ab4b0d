import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { TerminalConnection, type TerminalDeps } from './terminal-connection';
import type { ResumeRequest, TerminalRegistry } from './terminal-registry';

interface TerminalOwner {
  userId: string;
  projectId: string;
}

/**
 * Opens a terminal on an upgraded socket, for a project its owner opened it on: bash in the
 * sandbox over the project's workspace, until the shell exits or the person closes it.
 */
export async function openTerminal(
  deps: TerminalDeps,
  options: TerminalOwner & {
    socket: WebSocket;
    size: { cols: number; rows: number };
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { socket, userId, projectId, size, log } = options;
  await new TerminalConnection(deps, userId, projectId, size, log).start(socket);
}

/**
 * Gives a tab whose connection dropped its shell back, when that shell still runs and is this
 * person's in this project. Any other id (ended, never was, someone else's) is answered the
 * same, false, and the tab gets a new shell: an id tells nobody anything.
 */
export function resumeTerminal(
  registry: TerminalRegistry,
  shellId: string,
  request: TerminalOwner & ResumeRequest,
): boolean {
  const { userId, projectId, ...resume } = request;
  return registry.find(shellId, { userId, projectId })?.resume(resume) ?? false;
}
