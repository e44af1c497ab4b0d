import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DirectoryUsersResponseSchema } from '@kiln/shared';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from './tables';
import { requireUser, presentDirectoryUser } from '../auth';

/** For the User Management dialog: every signed-in user sees name, email and join date. */
export async function listDirectoryUsers(db: Database) {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt));
  return rows.map(presentDirectoryUser);
}

export function registerUserRoutes(fastify: FastifyInstance, deps: { db: Database }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/auth/users',
    { schema: { response: { 200: DirectoryUsersResponseSchema } } },
    async (request) => {
      requireUser(request);
      return listDirectoryUsers(deps.db);
    },
  );
}
