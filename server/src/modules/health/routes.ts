import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RUN_LANGUAGES, SANDBOX_BACKENDS } from '@kiln/shared';
import type { DatabaseHandle } from '../../db/client';
import type { Sandbox } from '../../sandbox/types';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  mail: z.enum(['smtp', 'outbox']),
  /** How code runs here, decided by the start-up self-test (issue 5). */
  sandbox: z.object({
    backend: z.enum(SANDBOX_BACKENDS),
    languages: z.array(z.enum(RUN_LANGUAGES)),
  }),
  uptimeSeconds: z.number(),
});

export function registerHealthRoutes(
  fastify: FastifyInstance,
  deps: { database: DatabaseHandle; mailTransport: 'smtp' | 'outbox'; sandbox: Sandbox },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      let ok = true;
      try {
        await deps.database.ping();
      } catch {
        ok = false;
      }
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { kind: deps.database.kind, ok },
        mail: deps.mailTransport,
        sandbox: { backend: deps.sandbox.backend, languages: [...deps.sandbox.languages] },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
}
