import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { User } from '@kiln/shared';
import { TestClient } from './client';

let sequence = 0;

export function uniqueEmail(prefix = 'user') {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}@example.com`;
}

/** Registers through the API, as a person would, and answers the signed-in client. */
export async function signUp(
  app: FastifyInstance,
  fields: { email?: string; password?: string; name?: string } = {},
) {
  const client = new TestClient(app);
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct-horse';
  const response = await client.post('/api/auth/register', {
    email,
    password,
    name: fields.name ?? 'Test User',
  });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const { user } = response.json<{ user: User }>();
  return { client, user, email, password };
}
