import { auditBoundRange, type AuditLogQuery } from '@kiln/shared';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../audit/tables';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import { isUuid } from '../../lib/ids';
import { decodeCursor, encodeCursor } from './audit-cursor';

/** The query once validated by AuditLogQuerySchema: defaults applied. */
export type AuditFilters = Omit<AuditLogQuery, 'limit'> & { limit: number };

const targetUsers = alias(users, 'target_user');

/** The entry's time as the database keeps it, to the microsecond, for the next page's cursor. */
const position = sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

function conditionsFor(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.actor) {
    // strpos rather than LIKE, so a % or _ in what was typed means itself.
    conditions.push(
      isUuid(filters.actor)
        ? eq(auditEvents.actorId, filters.actor)
        : sql`strpos(lower(${auditEvents.actorEmail}), lower(${filters.actor})) > 0`,
    );
  }
  if (filters.projectId) conditions.push(eq(auditEvents.projectId, filters.projectId));
  if (filters.from)
    conditions.push(gte(auditEvents.createdAt, auditBoundRange(filters.from).start));
  if (filters.to) conditions.push(lt(auditEvents.createdAt, auditBoundRange(filters.to).end));
  if (filters.cursor) {
    const after = decodeCursor(filters.cursor);
    conditions.push(
      sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.at}::timestamp at time zone 'UTC', ${after.id}::uuid)`,
    );
  }
  return conditions;
}

/**
 * One page of the audit log, newest first, with each entry's project name and, for an entry
 * about an account, that account's email while it exists. One row past the page says whether
 * another follows.
 */
export async function listAuditEvents(options: { db: DbOrTx; filters: AuditFilters }) {
  const { db, filters } = options;
  const rows = await db
    .select({
      event: auditEvents,
      projectName: projects.name,
      targetEmail: targetUsers.email,
      position,
    })
    .from(auditEvents)
    .leftJoin(projects, eq(projects.id, auditEvents.projectId))
    .leftJoin(
      targetUsers,
      and(
        eq(auditEvents.targetType, 'user'),
        sql`${targetUsers.id}::text = ${auditEvents.targetId}`,
      ),
    )
    .where(and(...conditionsFor(filters)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filters.limit && last
      ? encodeCursor({ at: last.position, id: last.event.id })
      : null;
  return { rows: page, nextCursor };
}

export type AuditListRow = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];
