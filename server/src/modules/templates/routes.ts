import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TemplateListSchema } from '@kiln/shared';
import { requireUser } from '../auth/policy';
import { listTemplates } from './catalog';

/** GET /api/templates: the project templates with their files, for signed-in users. */
export function registerTemplateRoutes(fastify: FastifyInstance) {
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
