import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AiChatInputSchema, GenerateProjectInputSchema } from '@kiln/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireUser, signedIn } from '../auth/policy';
import { getOwnedProject } from '../projects/policy';

/**
 * Kiln has no AI provider settings yet, so every AI call answers 503 AI_NOT_CONFIGURED after
 * the usual checks (DESIGN.md 4: the rest of the product works fully without one, and the UI
 * follows the spec's failure paths).
 */
function aiNotConfigured(): AppError {
  return new AppError(
    'AI_NOT_CONFIGURED',
    'No AI provider is configured on this Kiln server, so AI features are unavailable. You can still create and edit projects by hand.',
  );
}

export function registerAiRoutes(fastify: FastifyInstance, deps: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/ai/chat',
    { onRequest: signedIn, schema: { body: AiChatInputSchema } },
    async () => {
      throw aiNotConfigured();
    },
  );

  app.post(
    '/api/ai/generate-project',
    { onRequest: signedIn, schema: { body: GenerateProjectInputSchema } },
    async (request) => {
      const user = requireUser(request);
      await getOwnedProject({ db: deps.db, userId: user.id, projectId: request.body.projectId });
      throw aiNotConfigured();
    },
  );
}
