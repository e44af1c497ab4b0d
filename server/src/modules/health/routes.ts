import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RUN_LANGUAGES, SANDBOX_BACKENDS } from '@kiln/shared';
import type { DatabaseHandle } from '../../db/client';
import type { JobCounts, JobQueue } from '../../jobs/job';
import type { Sandbox } from '../../sandbox/types';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  mail: z.enum(['smtp', 'outbox']),
  /** How code runs here, decided by the start-up self-test (decision 0007). */
  sandbox: z.object({
    backend: z.enum(SANDBOX_BACKENDS),
    languages: z.array(z.enum(RUN_LANGUAGES)),
  }),
  /** The background job queue: where it lives and what it holds (null when it cannot be read). */
  jobs: z.object({
    backend: z.enum(['database', 'redis']),
    ok: z.boolean(),
    waiting: z.number().nullable(),
    running: z.number().nullable(),
    failed: z.number().nullable(),
  }),
  uptimeSeconds: z.number(),
});

export function registerHealthRoutes(
  fastify: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    mailTransport: 'smtp' | 'outbox';
    sandbox: Sandbox;
    jobs: JobQueue;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      let databaseOk = true;
      try {
        await deps.database.ping();
      } catch {
        databaseOk = false;
      }
      const counts: JobCounts | null = await deps.jobs.counts().catch(() => null);
      const ok = databaseOk && counts !== null;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { kind: deps.database.kind, ok: databaseOk },
        mail: deps.mailTransport,
        sandbox: { backend: deps.sandbox.backend, languages: [...deps.sandbox.languages] },
        jobs: {
          backend: deps.jobs.backend,
          ok: counts !== null,
          waiting: counts ? counts.waiting + counts.delayed : null,
          running: counts?.running ?? null,
          failed: counts?.failed ?? null,
        },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
}
