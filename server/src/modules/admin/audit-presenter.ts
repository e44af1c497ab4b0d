import { AuditDetailsSchema, type AuditEvent } from '@kiln/shared';
import type { AuditListRow } from './audit-list';

/** An entry as administrators see it: names beside ids, absent parts as null. */
export function presentAuditEvent(row: AuditListRow): AuditEvent {
  const { event } = row;
  const hasActor = event.actorId !== null || event.actorEmail !== null;
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    action: event.action,
    actor: hasActor ? { id: event.actorId, email: event.actorEmail } : null,
    project: event.projectId ? { id: event.projectId, name: row.projectName } : null,
    target:
      event.targetType && event.targetId
        ? { type: event.targetType, id: event.targetId, label: row.targetEmail }
        : null,
    // The writer only stores flat values; anything else in the column is left out, not sent.
    details: AuditDetailsSchema.catch({}).parse(event.details),
    ip: event.ip,
  };
}
