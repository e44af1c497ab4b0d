import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { keepAlive } from '../../lib/socket-keepalive';
import type { AccessChanges } from '../members';
import { requireUser, signedIn } from '../auth';
import { createRedisBus } from './bus';
import { presenceRoleOf } from './access';
import { openPresenceConnection } from './connection';
import { PresenceHub } from './hub';
import { kilnOriginOnly } from './policy';

export interface PresenceRouteDeps {
  db: Database;
  /** The app's origin, the one page origin allowed to connect (besides the Host's). */
  publicUrl: string;
  /** With it, collaborators are shared with the other instances on the same Redis. */
  redisUrl?: string | undefined;
  /** Namespace of the Redis channel: instances of one deployment share it. */
  redisPrefix?: string | undefined;
  /** Removals and role changes, so a removed member's socket closes at once. */
  accessChanges: AccessChanges;
}

const PROTOCOL = [
  'Live collaboration (presence) as a WebSocket; refused before the upgrade when signed out (401) or from another origin (403). Messages are JSON text frames of at most 16 KB (shared/src/presence/schemas.ts).',
  'Client to server: `join` {projectId} (a claimed userId and userName are ignored: the account’s are used), `leave`, `active_file` {filePath}, `file_saved` {filePath}.',
  'Server to client: `users` {you, users[]} on join, `user_joined` {user}, `user_left` {connectionId, userId}, `file_activity` and `file_updated` {connectionId, userId, userName, filePath}. A collaborator is {connectionId, userId, userName, activeFile, joinedAt}.',
  'A project that does not exist or is not yours closes the socket with 4404; 20 malformed messages within a minute close it with 4408.',
].join('\n\n');

/** GET /ws, upgraded to the collaboration WebSocket (docs/architecture.md, "Realtime"). */
export async function registerPresenceRoutes(
  app: FastifyInstance,
  deps: PresenceRouteDeps,
): Promise<PresenceHub> {
  const bus = deps.redisUrl
    ? await createRedisBus({
        url: deps.redisUrl,
        channel: `${deps.redisPrefix ?? 'kiln'}:presence`,
        log: app.log,
      })
    : null;
  const hub = new PresenceHub(bus);
  // Before @fastify/websocket closes the sockets, so the other instances hear them leave.
  app.addHook('preClose', () => hub.close());
  app.addHook('onClose', async () => bus?.close());
  app.route({
    method: 'GET',
    url: '/ws',
    onRequest: [signedIn, kilnOriginOnly(deps.publicUrl)],
    config: {
      // A tab reconnects every few seconds while the server is away; this only stops a flood.
      rateLimit: {
        max: 120,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) =>
          `presence:${request.auth?.user.id ?? request.ip}`,
      },
    },
    schema: { description: PROTOCOL },
    handler: async () => {
      throw new AppError(
        'VALIDATION_FAILED',
        'This address is the live collaboration WebSocket: connect with Upgrade: websocket.',
      );
    },
    wsHandler: (socket, request) => {
      const user = requireUser(request);
      // A tab whose network vanished leaves the project within a minute, not when TCP notices.
      keepAlive(socket);
      openPresenceConnection(
        {
          roleOf: (userId, projectId) => presenceRoleOf(deps.db, userId, projectId),
          hub,
          accessChanges: deps.accessChanges,
        },
        { socket, user: { id: user.id, name: user.name }, log: request.log },
      );
    },
  });
  return hub;
}
