import { AuditLogQuerySchema, AuditLogSchema } from '@kiln/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { requireAdmin } from '../auth';
import { listAuditEvents } from './audit-list';
import { presentAuditEvent } from './audit-presenter';

/** Signed-out callers get 401 and everyone else but administrators 403, before filters are read. */
async function administratorsOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/** GET /api/admin/audit: who did what, for administrators (docs/security.md, "The audit log"). */
export function registerAuditRoutes(fastify: FastifyInstance, deps: { db: DbOrTx }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit',
    {
      onRequest: administratorsOnly,
      schema: { querystring: AuditLogQuerySchema, response: { 200: AuditLogSchema } },
    },
    async (request) => {
      const { rows, nextCursor } = await listAuditEvents({ db: deps.db, filters: request.query });
      return { events: rows.map(presentAuditEvent), nextCursor };
    },
  );
}
