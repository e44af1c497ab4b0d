import type { AuditAction, AuditDetails, AuditTargetType } from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from './tables';

/**
 * Where a fact happened: a request is one (its signed-in user acted, from its address). Kept
 * structural so the writer needs nothing of Fastify's but the logger.
 */
export interface AuditOrigin {
  ip: string;
  log: FastifyBaseLogger;
  auth: { user: { id: string; email: string } } | null;
}

export interface AuditEntry {
  action: AuditAction;
  /** Who acted, when it is not the signed-in user: a failed sign-in's email, or nobody (Stripe). */
  actor?: { id: string | null; email: string | null } | null;
  projectId?: string;
  target?: { type: AuditTargetType; id: string };
  /** Names, roles, plans, hosts: never a password, a secret's value, a key or a token. */
  details?: AuditDetails;
}

/**
 * Writes one audit entry. Called after the fact it records has happened, so a failure to write
 * must not undo it or fail the request: it is logged instead, and the request goes on.
 */
export async function recordAudit(
  db: DbOrTx,
  origin: AuditOrigin,
  entry: AuditEntry,
): Promise<void> {
  const actor = entry.actor === undefined ? (origin.auth?.user ?? null) : entry.actor;
  try {
    await db.insert(auditEvents).values({
      action: entry.action,
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      projectId: entry.projectId ?? null,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      details: entry.details ?? {},
      ip: origin.ip,
    });
  } catch (error) {
    origin.log.error(
      { err: error, auditAction: entry.action },
      'could not record an audit entry; the action itself went through',
    );
  }
}
