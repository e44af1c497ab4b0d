import {
  ExecuteInputSchema,
  ExecuteResultSchema,
  FILE_LIMITS,
  type RuntimeStatus,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { RunQueue } from '../../sandbox/run-queue';
import type { OpenBridge, Sandbox } from '../../sandbox/types';
import { requireUser, signedIn } from '../auth';
import { executeFile } from './service';

// Any string: a malformed id is a project that does not exist (404, never 400).
const ProjectParams = z.object({ id: z.string() });

/** The editor's text travels as a JSON string, where some characters take two bytes. */
const CODE_BODY_LIMIT = 2 * FILE_LIMITS.textBytes + 64 * 1024;

/** POST /api/projects/{id}/execute, for the project's owner. */
export function registerExecRoutes(
  fastify: FastifyInstance,
  deps: {
    db: Database;
    sandbox: Sandbox;
    queue: RunQueue;
    /** The project's environment variables, given to the runs a person starts. */
    environment: (projectId: string) => Promise<Record<string, string>>;
    /** Where the project's installed packages live, mounted into its runs (decision 0016). */
    workspaceFolder?: (projectId: string) => string;
    /** The project's own database, as DATABASE_URL in its runs (decision 0017). */
    openDatabaseBridge?: (projectId: string) => Promise<OpenBridge>;
    /** The runtimes found at start-up (modules/runtimes), so a missing one is named. */
    runtimes?: Promise<readonly RuntimeStatus[]>;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/projects/:id/execute',
    {
      onRequest: signedIn,
      bodyLimit: CODE_BODY_LIMIT,
      schema: {
        params: ProjectParams,
        body: ExecuteInputSchema,
        response: { 200: ExecuteResultSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return executeFile({
        ...deps,
        userId: user.id,
        projectId: request.params.id,
        input: request.body,
      });
    },
  );
}
