import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '@kiln/shared';
import { count } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { TestClient } from './client';

let sequence = 0;

export function uniqueEmail(prefix = 'user') {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}@example.com`;
}

/** Registers through the API, as a person would, and answers the signed-in client. */
export async function signUp(
  app: FastifyInstance,
  fields: { email?: string; password?: string; name?: string; remoteAddress?: string } = {},
) {
  const client = new TestClient(app);
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct-horse';
  const response = await client.post(
    '/api/auth/register',
    { email, password, name: fields.name ?? 'Test User' },
    fields.remoteAddress ? { remoteAddress: fields.remoteAddress } : {},
  );
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const { user } = response.json<{ user: User }>();
  return { client, user, email, password };
}

/** How many accounts exist, read straight from the database (to prove a refusal created none). */
export async function countUsers(database: DatabaseHandle): Promise<number> {
  const [row] = await database.db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}
