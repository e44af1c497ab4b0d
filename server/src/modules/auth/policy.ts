import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
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
