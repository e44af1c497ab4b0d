import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TemplateListSchema } from '@kiln/shared';
import { requireUser } from '../auth';
import { listTemplates } from './catalog';

/** GET /api/templates: the project templates with their files, for signed-in users. */
export function registerTemplateRoutes(fastify: FastifyInstance) {
  // Read the template folders now, so a server missing server/templates fails at start-up
  // rather than on the first project created.
  listTemplates();
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/templates',
    { schema: { response: { 200: TemplateListSchema } } },
    async (request) => {
      requireUser(request);
      return listTemplates();
    },
  );
}
