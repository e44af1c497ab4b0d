import { ProjectStorageSchema } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { requireUser, signedIn } from '../auth';
import { getProjectStorage, type StorageCaps } from './storage-quota';

// Any string: a malformed id is simply a project that does not exist (404, never 400).
const ProjectParams = z.object({ id: z.string() });

/** What a project holds against its storage quota, for the editor's meter. */
export function registerStorageRoutes(
  scope: FastifyInstance,
  deps: { db: Database; storageCaps: StorageCaps },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/projects/:id/storage',
    {
      onRequest: signedIn,
      schema: {
        summary: "The project's storage and its quota",
        description:
          "Bytes and files and folders the project holds, each with its limit by the owner's " +
          "plan (or this server's lower cap, `serverLimit`). Any member may read it. A write " +
          'past a limit is refused whole with 403 `PLAN_LIMIT`.',
        params: ProjectParams,
        response: { 200: ProjectStorageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return getProjectStorage({
        caps: deps.storageCaps,
        db: deps.db,
        userId: user.id,
        projectId: request.params.id,
      });
    },
  );
}
