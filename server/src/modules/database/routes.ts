import {
  DatabaseSchemaSchema,
  ExecuteSqlInputSchema,
  SQL_LIMITS,
  SqlResultSchema,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../auth';
import { executeSql, getDatabaseSchema, type DatabaseDeps } from './service';

// Any string: a malformed id is a project that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });

/** The query travels as a JSON string, where a character may take several bytes. */
const QUERY_BODY_LIMIT = 4 * SQL_LIMITS.maxQueryChars + 64 * 1024;

/** The SQL runner: queries and the table list of each project's own database. */
export function registerDatabaseRoutes(fastify: FastifyInstance, deps: DatabaseDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/database/execute',
    {
      onRequest: signedIn,
      bodyLimit: QUERY_BODY_LIMIT,
      schema: { body: ExecuteSqlInputSchema, response: { 200: SqlResultSchema } },
    },
    async (request) =>
      executeSql({ ...deps, userId: requireUser(request).id, input: request.body }),
  );

  app.get(
    '/api/database/:projectId/schema',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: DatabaseSchemaSchema } },
    },
    async (request) =>
      getDatabaseSchema({
        ...deps,
        userId: requireUser(request).id,
        projectId: request.params.projectId,
      }),
  );
}
