import {
  CreateEnvVarInputSchema,
  EnvVarListSchema,
  EnvVarSchema,
  MessageResponseSchema,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../lib/validation';
import { recordAudit } from '../audit';
import { requireUser, signedIn } from '../auth';
import { presentEnvVar } from './presenter';
import { deleteEnvVar, listEnvVars, setEnvVar, type EnvVarDeps } from './service';

// Any string: a malformed id is something that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });
const ProjectQuery = z.object({ projectId: z.string({ error: 'projectId is required' }) });
const IdParams = z.object({ id: z.string() });

/** A project's environment variables, for its owner; values are encrypted at rest. */
export function registerEnvVarRoutes(fastify: FastifyInstance, deps: EnvVarDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const list = async (userId: string, projectId: string) =>
    (await listEnvVars({ ...deps, userId, projectId })).map(presentEnvVar);

  app.get(
    '/api/env-vars',
    {
      onRequest: signedIn,
      schema: { querystring: ProjectQuery, response: { 200: EnvVarListSchema } },
    },
    async (request) => list(requireUser(request).id, request.query.projectId),
  );

  app.get(
    '/api/env-vars/:projectId',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: EnvVarListSchema } },
    },
    async (request) => list(requireUser(request).id, request.params.projectId),
  );

  app.post(
    '/api/env-vars',
    { onRequest: signedIn, schema: { response: { 200: EnvVarSchema, 201: EnvVarSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      // Validated here so the messages are the Environment Variables dialog's own.
      const input = parseInput(CreateEnvVarInputSchema, request.body);
      const { row, replaced } = await setEnvVar({ ...deps, userId: user.id, input });
      // The name only: the value is a secret (docs/security.md, "The audit log").
      await recordAudit(deps.db, request, {
        action: replaced ? 'env_var.updated' : 'env_var.created',
        projectId: row.projectId,
        target: { type: 'env_var', id: row.key },
      });
      return reply.status(replaced ? 200 : 201).send(presentEnvVar(row));
    },
  );

  app.delete(
    '/api/env-vars/:id',
    {
      onRequest: signedIn,
      schema: { params: IdParams, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const deleted = await deleteEnvVar({
        ...deps,
        userId: requireUser(request).id,
        id: request.params.id,
      });
      await recordAudit(deps.db, request, {
        action: 'env_var.deleted',
        projectId: deleted.projectId,
        target: { type: 'env_var', id: deleted.key },
      });
      return { message: 'Environment variable deleted' };
    },
  );
}
