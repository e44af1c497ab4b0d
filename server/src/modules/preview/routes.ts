import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FilePathSchema, PreviewLinkSchema } from '@kiln/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { requireUser, signedIn } from '../auth';
import { getReadableProject } from '../projects';
import { createPreviewLink } from './service';
import { previewTokenKey } from './token';

const IdParams = z.object({ id: z.string() });
const PreviewQuery = z.object({ path: FilePathSchema.optional() });

/** GET /api/projects/{id}/preview on the app server: a member's signed link to the preview. */
export async function registerPreviewRoutes(
  fastify: FastifyInstance,
  deps: { db: Database; env: Env; rootKey: Buffer },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = deps;
  const key = previewTokenKey(deps.rootKey);

  app.get(
    '/api/projects/:id/preview',
    {
      onRequest: signedIn,
      schema: { params: IdParams, querystring: PreviewQuery, response: { 200: PreviewLinkSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const project = await getReadableProject({
        db,
        userId: user.id,
        projectId: request.params.id,
      });
      // The link is a credential until it expires: no cache may keep it.
      void reply.header('cache-control', 'private, no-store');
      return createPreviewLink({
        key,
        previewOrigin: env.PREVIEW_ORIGIN,
        project,
        path: request.query.path,
      });
    },
  );
}
