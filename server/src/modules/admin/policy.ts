import type { FastifyRequest } from 'fastify';
import type { UpdateAdminUserInput } from '@kiln/shared';
import type { UserRow } from '../users/tables';
import { AppError } from '../../lib/app-error';
import { requireAdmin } from '../auth';

export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_DEMOTE_SELF =
  'You cannot remove your own administrator access. Ask another administrator to do it.';

/**
 * Route hook for every /api/admin route: signed-out callers get 401 and
 * non-administrators 403, before the body is validated, so neither learns the endpoint's shape.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}

/**
 * An administrator may change anything of anyone, their own plan and status included, except
 * their own admin flag: dropping it could leave the instance with no administrator
 * (docs/decisions/0009-admin-portal-rules.md).
 */
export function assertMayUpdateUser(actor: UserRow, userId: string, changes: UpdateAdminUserInput) {
  if (actor.id === userId && changes.isAdmin === false) {
    throw new AppError('OWN_ACCOUNT', CANNOT_DEMOTE_SELF);
  }
}

/** An administrator cannot delete their own account (decision 0009). */
export function assertMayDeleteUser(actor: UserRow, userId: string) {
  if (actor.id === userId) throw new AppError('OWN_ACCOUNT', CANNOT_DELETE_SELF);
}
