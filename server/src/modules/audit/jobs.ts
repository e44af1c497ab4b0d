import { inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from './tables';
import { defineJob } from '../../jobs/job';

/** How often entries past AUDIT_RETENTION_DAYS are removed. */
export const AUDIT_RETENTION_INTERVAL_MS = 6 * 3_600_000;

/** Rows removed per statement, so a first run over years of entries never holds one long lock. */
const AUDIT_RETENTION_BATCH = 5_000;

const DAY_MS = 86_400_000;

/**
 * Removes audit entries older than the retention period, oldest first, in batches, until a batch
 * finds none: a short batch alone proves nothing when another instance's job removes rows too.
 */
export async function removeExpiredAuditEvents(options: {
  db: DbOrTx;
  retentionDays: number;
  now?: Date;
  batchSize?: number;
}): Promise<number> {
  const batchSize = options.batchSize ?? AUDIT_RETENTION_BATCH;
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS);
  let removed = 0;
  for (;;) {
    const batch = options.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(lt(auditEvents.createdAt, cutoff))
      .orderBy(auditEvents.createdAt)
      .limit(batchSize);
    const deleted = await options.db
      .delete(auditEvents)
      .where(inArray(auditEvents.id, batch))
      .returning({ id: auditEvents.id });
    removed += deleted.length;
    if (deleted.length === 0) return removed;
  }
}

/** The scheduled job that enforces AUDIT_RETENTION_DAYS. */
export function createAuditRetentionJob(deps: { db: DbOrTx; retentionDays: number }) {
  return defineJob({
    name: 'audit.retention',
    payload: z.object({}),
    retry: { attempts: 3, backoffMs: 60_000 },
    async handle(_payload, { log }) {
      const removed = await removeExpiredAuditEvents(deps);
      if (removed > 0) log.info({ removed }, 'expired audit entries removed');
    },
  });
}
