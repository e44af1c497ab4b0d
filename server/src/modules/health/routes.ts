import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema, type RuntimeStatus } from '@kiln/shared';
import type { DatabaseHandle } from '../../db/client';
import type { JobCounts, JobQueue } from '../../jobs/job';
import type { Sandbox } from '../../sandbox/types';
import { diskSpace } from './disk-space';
import type { EventLoopDelay } from './event-loop-delay';

/**
 * A queue whose Redis is away waits for it to come back before it answers; a health check must
 * say so instead, in time for a load balancer.
 */
const ANSWER_WITHIN_MS = 1_000;

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise.catch(() => null), late]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(
  fastify: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    mailTransport: 'smtp' | 'outbox';
    sandbox: Sandbox;
    jobs: JobQueue;
    /** The runtimes found at start-up (modules/runtimes); the first answer waits for them. */
    runtimes: Promise<readonly RuntimeStatus[]>;
    /** What keeps sandboxes from the workspaces, with the fix (modules/workspaces). */
    workspaceProblem: () => Promise<string | null>;
    /** DATA_DIR's disk, and the free space under which it warns. */
    disk: { dir: string; warningBelowMb: number };
    /** The channel between instances, and whether it is listening now. */
    events: { backend: 'local' | 'redis'; listening: () => boolean };
    /** How late the server's thread has been coming back to waiting work. */
    eventLoop: EventLoopDelay;
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
      const counts: JobCounts | null = await withinTime(deps.jobs.counts(), ANSWER_WITHIN_MS);
      const eventsOk = deps.events.listening();
      const ok = databaseOk && counts !== null && eventsOk;
      const runtimes = await deps.runtimes;
      const problem = await deps.workspaceProblem().catch((error: unknown) => String(error));
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { kind: deps.database.kind, ok: databaseOk },
        mail: deps.mailTransport,
        sandbox: {
          backend: deps.sandbox.backend,
          languages: [...deps.sandbox.languages],
          confinement: deps.sandbox.confinement ?? 'per-process',
          problem,
        },
        jobs: {
          backend: deps.jobs.backend,
          ok: counts !== null,
          waiting: counts ? counts.waiting + counts.delayed : null,
          running: counts?.running ?? null,
          failed: counts?.failed ?? null,
        },
        events: { backend: deps.events.backend, ok: eventsOk },
        runtimes: [...runtimes],
        disk: await diskSpace(deps.disk.dir, deps.disk.warningBelowMb),
        eventLoop: deps.eventLoop.read(),
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
}
