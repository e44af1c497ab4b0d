import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminAiUsageQuerySchema,
  AdminAiUsageSchema,
  AdminAnalyticsSchema,
  AdminUserSchema,
  AdminUsersResponseSchema,
  MessageResponseSchema,
  UpdateAdminUserInputSchema,
} from '@kiln/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { listUsageByUser } from '../ai';
import { recordAudit } from '../audit';
import { requireAdmin, type AccountChanges } from '../auth';
import { adminOnly, assertMayDeleteUser, assertMayUpdateUser } from './policy';
import { presentAdminUser, presentAnalytics } from './presenter';
import { deleteUser, getAnalytics, listUsers, updateUser } from './service';

// Any string: a malformed id is simply a user that does not exist (404, never 400).
const UserParams = z.object({ userId: z.string() });

/** The administrator portal's calls, all for administrators only. */
export function registerAdminRoutes(
  fastify: FastifyInstance,
  deps: { db: Database; accountChanges: AccountChanges },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/admin/users',
    { onRequest: adminOnly, schema: { response: { 200: AdminUsersResponseSchema } } },
    async () => (await listUsers({ db })).map(presentAdminUser),
  );

  app.get(
    '/api/admin/analytics',
    { onRequest: adminOnly, schema: { response: { 200: AdminAnalyticsSchema } } },
    async () => {
      const { counts, recent } = await getAnalytics({ db });
      return presentAnalytics(counts, recent);
    },
  );

  app.get(
    '/api/admin/ai-usage',
    {
      onRequest: adminOnly,
      schema: { querystring: AdminAiUsageQuerySchema, response: { 200: AdminAiUsageSchema } },
    },
    async (request) => listUsageByUser({ db, month: request.query.month }),
  );

  app.patch(
    '/api/admin/users/:userId',
    {
      onRequest: adminOnly,
      schema: {
        params: UserParams,
        body: UpdateAdminUserInputSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => {
      const actor = requireAdmin(request);
      const { userId } = request.params;
      assertMayUpdateUser(actor, userId, request.body);
      const updated = await updateUser({ db, actor, userId, changes: request.body });
      deps.accountChanges.publish({ userId });
      await recordAudit(db, request, {
        action: 'admin.user_updated',
        target: { type: 'user', id: userId },
        details: { email: updated.email, ...request.body },
      });
      return presentAdminUser(updated);
    },
  );

  app.delete(
    '/api/admin/users/:userId',
    {
      onRequest: adminOnly,
      schema: { params: UserParams, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const actor = requireAdmin(request);
      const { userId } = request.params;
      assertMayDeleteUser(actor, userId);
      const deleted = await deleteUser({ db, actor, userId });
      deps.accountChanges.publish({ userId });
      await recordAudit(db, request, {
        action: 'admin.user_deleted',
        target: { type: 'user', id: userId },
        details: { email: deleted.email },
      });
      return { message: 'User deleted' };
    },
  );
}
