import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../users/tables';
import { forbidden, unauthenticated } from '../../lib/app-error';

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('Administrators only');
  return user;
}

/**
 * Route hook: refuses signed-out callers before the body is validated, so they get 401 rather
 * than a validation error that would describe the endpoint to them.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
