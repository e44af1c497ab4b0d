import multipart from '@fastify/multipart';
import { UploadedFileSchema } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { attachmentDisposition, storedBytesHeaders } from '../../lib/stored-bytes-headers';
import { requireUser } from '../auth';
import { MULTIPART_LIMITS, readSingleFile } from './multipart';
import { createUpload, getUploadForOwner } from './service';

/**
 * POST /api/upload/project-file, and the download its `url` points to. The
 * multipart parser lives in this plugin's own scope, so no other route accepts multipart bodies.
 */
export function registerUploadRoutes(fastify: FastifyInstance, deps: { db: Database }): void {
  void fastify.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/upload/project-file',
      { schema: { response: { 201: UploadedFileSchema } } },
      async (request, reply) => {
        // Signed-out requests are refused before a byte of the body is read.
        const user = requireUser(request);
        const file = await readSingleFile(request);
        const upload = await createUpload({
          db: deps.db,
          ownerId: user.id,
          plan: user.subscriptionPlan,
          file,
        });
        return reply.status(201).send(upload);
      },
    );

    app.get(
      '/api/upload/project-file/:id',
      { schema: { params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const user = requireUser(request);
        const upload = await getUploadForOwner({
          db: deps.db,
          ownerId: user.id,
          uploadId: request.params.id,
        });
        return reply
          .headers(
            storedBytesHeaders({
              mimeType: upload.mimeType,
              isText: upload.hasText,
              disposition: attachmentDisposition(upload.name),
            }),
          )
          .send(upload.data);
      },
    );
  });
}
