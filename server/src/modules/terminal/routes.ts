import { TerminalQuerySchema } from '@kiln/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { requireUser, signedIn } from '../auth';
import { getEditableProject } from '../projects';
import { sameOriginOnly } from './policy';
import { registerTerminalSupport } from './pty-relay';
import { openTerminal, resumeTerminal } from './service';
import type { TerminalDeps } from './terminal-connection';

export interface TerminalRouteDeps extends TerminalDeps {
  db: Database;
  /** The app's origin, the one page origin allowed to open a terminal (besides the Host's). */
  publicUrl: string;
  /** Terminals one person may open per minute: each is a new sandbox. */
  opensPerMinute?: number;
}

// Any string: a malformed id is a project that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });

const PROTOCOL = [
  'Opens a shell (bash in the sandbox, over the project’s files) as a WebSocket, for the project’s owner; refused before the upgrade when signed out (401), from another origin (403) or for another user’s project (404).',
  'Server to client: binary frames are the terminal’s bytes; text frames are JSON TerminalServerMessage (shared/src/terminal/schemas.ts): `ready`, `files-changed` {paths}, `exit` {code}, `closed` {reason: idle | limit | server, message}, `error` {message}.',
  'Client to server: binary frames are keystrokes and pastes (UTF-8); text frames are JSON `{"type":"resize","cols":n,"rows":n}`.',
  'A connection that drops (closed other than with 1000 or 1001) leaves the shell running for `resumeSeconds` (given in `ready` with the shell’s id). Connecting with `resume={id}&received={bytes of output held}` takes it back: `resumed` {lostBytes}, then the output missed. An id that is no longer (or never was) the person’s shell in this project opens a new shell, answered with `ready`.',
  'A plain GET (no upgrade) answers 400.',
].join('\n\n');

/** GET /api/terminal/{projectId}?cols=&rows=, upgraded to a WebSocket (decision 0016). */
export function registerTerminalRoutes(fastify: FastifyInstance, deps: TerminalRouteDeps): void {
  registerTerminalSupport();
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    method: 'GET',
    url: '/api/terminal/:projectId',
    // Checked before the upgrade, so a refused socket never starts anything.
    onRequest: [signedIn, sameOriginOnly(deps.publicUrl)],
    // Only the owner; for anyone else the project does not exist.
    preHandler: async (request) => {
      const userId = requireUser(request).id;
      await getEditableProject({ db: deps.db, userId, projectId: request.params.projectId });
    },
    config: {
      rateLimit: {
        max: deps.opensPerMinute ?? 30,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) =>
          `terminal:${request.auth?.user.id ?? request.ip}`,
      },
    },
    schema: { params: ProjectParams, querystring: TerminalQuerySchema, description: PROTOCOL },
    handler: async () => {
      throw new AppError(
        'VALIDATION_FAILED',
        'This address opens a terminal as a WebSocket: connect with Upgrade: websocket.',
      );
    },
    wsHandler: (socket, request) => {
      const owner = { userId: requireUser(request).id, projectId: request.params.projectId };
      const { cols, rows, resume, received } = request.query;
      const size = { cols, rows };
      if (
        resume &&
        resumeTerminal(deps.registry, resume, { ...owner, socket, size, received: received ?? 0 })
      ) {
        return;
      }
      // Not awaited: the socket's listeners must be in place before its first message, and the
      // writer logs rather than throws.
      void recordAudit(deps.db, request, { action: 'terminal.opened', projectId: owner.projectId });
      return openTerminal(deps, { ...owner, socket, size, log: request.log });
    },
  });
}
