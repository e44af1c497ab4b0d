import {
  GitConnectionInputSchema,
  GitConnectionSchema,
  GitRepoListSchema,
  MessageResponseSchema,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../audit';
import { requireUser, signedIn } from '../auth';
import {
  connectionApi,
  deleteConnection,
  getConnection,
  openConnection,
  saveConnection,
} from './connections';
import type { GitSyncDeps } from './deps';
import { presentConnection } from './presenter';
import { hostOf } from './remote';
import { gitHostRateLimit } from './routes';

/** The person's Git host connection and their repositories there. */
export function registerGitConnectionRoutes(
  fastify: FastifyInstance,
  deps: GitSyncDeps & { ratePerMinute: number; oauthAvailable: boolean },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const present = { oauthAvailable: deps.oauthAvailable };
  const config = gitHostRateLimit(deps.ratePerMinute);

  app.put(
    '/api/github/connection',
    {
      onRequest: signedIn,
      config,
      schema: { body: GitConnectionInputSchema, response: { 200: GitConnectionSchema } },
    },
    async (request) => {
      const row = await saveConnection({
        ...deps,
        userId: requireUser(request).id,
        input: request.body,
      });
      // The host and the account; never the token.
      await recordAudit(deps.db, request, {
        action: 'git.connected',
        target: { type: 'git_connection', id: hostOf(row.baseUrl) },
        details: { account: row.account, via: 'token' },
      });
      return presentConnection(row, present);
    },
  );

  app.get(
    '/api/github/connection',
    { onRequest: signedIn, schema: { response: { 200: GitConnectionSchema } } },
    async (request) =>
      presentConnection(await getConnection(deps, requireUser(request).id), present),
  );

  app.delete(
    '/api/github/connection',
    { onRequest: signedIn, schema: { response: { 200: MessageResponseSchema } } },
    async (request) => {
      const userId = requireUser(request).id;
      const row = await getConnection(deps, userId);
      await deleteConnection(deps, userId);
      if (row) {
        await recordAudit(deps.db, request, {
          action: 'git.disconnected',
          target: { type: 'git_connection', id: hostOf(row.baseUrl) },
        });
      }
      return { message: row ? `Disconnected from ${hostOf(row.baseUrl)}` : 'Not connected' };
    },
  );

  app.get(
    '/api/github/repos',
    { onRequest: signedIn, config, schema: { response: { 200: GitRepoListSchema } } },
    async (request) => {
      const connection = await openConnection(deps, requireUser(request).id);
      // Without a connection there is no account to list; owner/repo are typed instead.
      if (!connection) return [];
      return connectionApi(deps, connection).repositories();
    },
  );
}
