import type { AuditAction, AuditLog } from '@kiln/shared';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { auditEvents } from './tables';
import type { TestClient } from '../../test/client';

export type AuditRow = typeof auditEvents.$inferSelect;

/** The rows of one action, oldest first, straight from the table (what the writer stored). */
export async function auditRows(
  database: DatabaseHandle,
  action: AuditAction,
  where: { projectId?: string; actorId?: string; targetId?: string } = {},
): Promise<AuditRow[]> {
  const conditions = [eq(auditEvents.action, action)];
  if (where.projectId) conditions.push(eq(auditEvents.projectId, where.projectId));
  if (where.actorId) conditions.push(eq(auditEvents.actorId, where.actorId));
  if (where.targetId) conditions.push(eq(auditEvents.targetId, where.targetId));
  return database.db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(asc(auditEvents.createdAt));
}

/** The one row of an action matching `where`; fails the test unless there is exactly one. */
export async function onlyAuditRow(
  database: DatabaseHandle,
  action: AuditAction,
  where: Parameters<typeof auditRows>[2] = {},
): Promise<AuditRow> {
  const rows = await auditRows(database, action, where);
  expect(rows, `${action} rows matching ${JSON.stringify(where)}`).toHaveLength(1);
  return rows[0]!;
}

/** Every audit row as text, to search for a secret in any column. */
export async function allAuditText(database: DatabaseHandle): Promise<string> {
  return JSON.stringify(await database.db.select().from(auditEvents));
}

/** GET /api/admin/audit with the given query string; fails the test unless it answers 200. */
export async function readAuditLog(client: TestClient, query = ''): Promise<AuditLog> {
  const response = await client.get(`/api/admin/audit${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLog>();
}

/** Settings that send every deploy platform's API calls to one stand-in. */
export function deployPlatformsAt(url: string) {
  return { VERCEL_API_URL: url, NETLIFY_API_URL: url, RAILWAY_API_URL: url };
}
