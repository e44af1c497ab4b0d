import { randomUUID } from 'node:crypto';
import {
  PRESENCE_CLOSE_CODES,
  PRESENCE_LIMITS,
  PresenceClientMessageSchema,
  type PresenceClientMessage,
  type ProjectRole,
} from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import type { AccessChanges } from '../members';
import type { PresenceHub } from './hub';

export interface PresenceConnectionDeps {
  /** The person's role in the project, null when not in it (presenceRoleOf on the database). */
  roleOf: (userId: string, projectId: string) => Promise<ProjectRole | null>;
  hub: PresenceHub;
  /** Removals and role changes: the person's socket checks its access again at once. */
  accessChanges: AccessChanges;
}

export interface PresenceUser {
  id: string;
  name: string | null;
}

const MINUTE_MS = 60_000;
/**
 * How often a joined socket's access is read again, for what the access channel does not carry
 * (a project deleted): someone who lost access stops hearing about the project even if they
 * never send anything.
 */
const ACCESS_RECHECK_MS = 30_000;

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** The name others see: the account's, or 'User' and the last 4 characters of its id. */
export function displayName(user: PresenceUser): string {
  const name = user.name?.trim();
  return name ? name : `User${user.id.slice(-4)}`;
}

/**
 * One browser tab's collaboration socket. Who it is comes from the session, never from what
 * it claims in `join`. Messages are handled one at a time, in order (a join checks the
 * database); a malformed one is logged and ignored, and too many of them close the socket.
 */
export function openPresenceConnection(
  deps: PresenceConnectionDeps,
  options: { socket: WebSocket; user: PresenceUser; log: FastifyBaseLogger },
): void {
  const { socket, user, log } = options;
  const connectionId = randomUUID();
  let projectId: string | null = null;
  let role: ProjectRole | null = null;
  /** The access channel's stretch of listening in which `role` was read (see stillInAsFarAsKnown). */
  let roleReadIn: number | null = null;
  let recheck: NodeJS.Timeout | null = null;
  let badAt: number[] = [];
  let queue = Promise.resolve();

  const recheckNow = () => {
    queue = queue.then(stillIn).then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, 'presence: an access check failed'),
    );
  };
  const stopHearing = deps.accessChanges.subscribe((change) => {
    if (change.userId === user.id && change.projectId === projectId) recheckNow();
  });
  const deliver = (text: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
  };
  const leave = () => {
    if (projectId) deps.hub.leave(projectId, connectionId);
    projectId = null;
    role = null;
    if (recheck) clearInterval(recheck);
    recheck = null;
  };
  const notFound = () => {
    leave();
    socket.close(PRESENCE_CLOSE_CODES.projectNotFound, 'Project not found');
  };
  /** Whether the person is still in the joined project, read now; if not, the socket is closed. */
  const stillIn = async (): Promise<boolean> => {
    if (!projectId) return false;
    const stretch = deps.accessChanges.listening();
    role = await deps.roleOf(user.id, projectId);
    roleReadIn = stretch;
    if (role === null) notFound();
    return role !== null;
  };
  /**
   * stillIn for each message, without a query each time: a removal or a role change is heard on
   * the access channel, which checks again at once (above), so the role read is current as long
   * as the channel has listened without a break since. After a break (Redis away) it is read
   * again; the periodic check covers what the channel does not carry (a deleted project).
   */
  const stillInAsFarAsKnown = async (): Promise<boolean> => {
    const stretch = deps.accessChanges.listening();
    if (projectId && role !== null && stretch !== null && stretch === roleReadIn) return true;
    return stillIn();
  };
  const refuse = (reason: string, detail: object = {}) => {
    log.warn({ ...detail, userId: user.id }, `presence: ${reason}; ignored`);
    const now = Date.now();
    badAt = [...badAt.filter((at) => at > now - MINUTE_MS), now];
    if (badAt.length >= PRESENCE_LIMITS.badMessagesPerMinute) {
      socket.close(PRESENCE_CLOSE_CODES.tooManyBadMessages, 'Too many malformed messages');
    }
  };

  async function handle(message: PresenceClientMessage): Promise<void> {
    switch (message.type) {
      case 'join': {
        leave();
        const stretch = deps.accessChanges.listening();
        const joinedAs = await deps.roleOf(user.id, message.projectId);
        if (joinedAs === null) return notFound();
        // The socket may have closed while the database answered.
        if (socket.readyState !== WebSocket.OPEN) return;
        projectId = message.projectId;
        role = joinedAs;
        roleReadIn = stretch;
        recheck = setInterval(recheckNow, ACCESS_RECHECK_MS);
        recheck.unref();
        deps.hub.join(
          projectId,
          {
            connectionId,
            userId: user.id,
            userName: displayName(user),
            activeFile: null,
            joinedAt: new Date().toISOString(),
          },
          deliver,
        );
        return;
      }
      case 'leave':
        leave();
        return;
      case 'active_file':
        if (!projectId) return refuse('a message before join', { type: message.type });
        if (!(await stillInAsFarAsKnown())) return;
        deps.hub.openedFile(projectId, connectionId, message.filePath);
        return;
      case 'file_saved':
        if (!projectId) return refuse('a message before join', { type: message.type });
        if (!(await stillInAsFarAsKnown())) return;
        // A viewer cannot save: a save announced by one would only reload others' editors.
        if (role === 'viewer') return refuse('a save announced by a viewer');
        deps.hub.savedFile(projectId, connectionId, message.filePath);
        return;
    }
  }

  socket.on('message', (data: RawData, isBinary: boolean) => {
    const bytes = Array.isArray(data)
      ? data.reduce((sum, part) => sum + part.byteLength, 0)
      : data.byteLength;
    if (isBinary) return refuse('a binary message', { bytes });
    if (bytes > PRESENCE_LIMITS.messageBytes) return refuse('an oversized message', { bytes });
    let message: PresenceClientMessage;
    try {
      const text = textOf(data);
      message = PresenceClientMessageSchema.parse(JSON.parse(text));
    } catch (error) {
      return refuse('a malformed message', { err: error });
    }
    queue = queue
      .then(() => handle(message))
      .catch((error: unknown) => log.error({ err: error }, 'presence: a message failed'));
  });
  socket.on('close', () => {
    stopHearing();
    // After any join still being checked, so a late join does not leave a ghost behind.
    queue = queue.then(leave);
  });
}
