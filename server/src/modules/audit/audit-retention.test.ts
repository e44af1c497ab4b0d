import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from './tables';
import { jobSchedules } from '../../jobs/tables';
import { EnvError, loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../test/app';
import { AUDIT_RETENTION_INTERVAL_MS, removeExpiredAuditEvents } from './jobs';

const DAY_MS = 86_400_000;

describe('AUDIT_RETENTION_DAYS', () => {
  it('keeps a year unless told otherwise, and takes only a whole number of days above 0', () => {
    expect(loadEnv({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadEnv({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    for (const value of ['0', '-5', '1.5', 'forever']) {
      expect(() => loadEnv({ AUDIT_RETENTION_DAYS: value }), value).toThrow(EnvError);
    }
  });
});

describe('audit retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUDIT_RETENTION_DAYS: '30' });
  });
  afterAll(() => t.close());

  /**
   * A moment far enough ahead that the app's own retention job, which runs on the real clock,
   * never removes what these tests age against it: otherwise the job and the test remove the same
   * rows at once and the counts depend on which ran first.
   */
  const future = () => Date.now() + 1_000 * DAY_MS;

  /** Entries of one project of their own, each `daysAgo` before `now`, labelled by their age. */
  async function entriesAged(daysAgo: number[], now: number) {
    const projectId = randomUUID();
    await t.database.db.insert(auditEvents).values(
      daysAgo.map((days) => ({
        action: 'terminal.opened',
        projectId,
        targetType: 'repository',
        targetId: String(days),
        createdAt: new Date(now - days * DAY_MS),
      })),
    );
    return async () =>
      (
        await t.database.db
          .select({ age: auditEvents.targetId })
          .from(auditEvents)
          .where(eq(auditEvents.projectId, projectId))
          .orderBy(asc(auditEvents.createdAt))
      ).map((row) => Number(row.age));
  }

  it('removes entries older than the retention period and keeps the rest', async () => {
    const now = future();
    const remaining = await entriesAged([400, 31, 30.01, 29.99, 1, 0], now);
    const removed = await removeExpiredAuditEvents({
      db: t.database.db,
      retentionDays: 30,
      now: new Date(now),
    });
    expect(removed).toBeGreaterThanOrEqual(3);
    expect(await remaining()).toEqual([29.99, 1, 0]);
  });

  it('removes a backlog larger than one batch, batch after batch', async () => {
    const now = future();
    const remaining = await entriesAged([90, 80, 70, 60, 50, 5], now);
    const removed = await removeExpiredAuditEvents({
      db: t.database.db,
      retentionDays: 30,
      now: new Date(now),
      batchSize: 2,
    });
    expect(removed).toBeGreaterThanOrEqual(5);
    expect(await remaining()).toEqual([5]);
  });

  // The embedded queue keeps its schedules in the application database, where a test can make
  // one due now; BullMQ keeps them in Redis.
  it.runIf(!process.env.TEST_REDIS_URL)(
    "runs every 6 hours as the app's own job, with the days the setting gives",
    async () => {
      const [schedule] = await t.database.db
        .select()
        .from(jobSchedules)
        .where(eq(jobSchedules.name, 'audit.retention'));
      expect(schedule?.intervalMs).toBe(AUDIT_RETENTION_INTERVAL_MS);
      expect(AUDIT_RETENTION_INTERVAL_MS).toBe(6 * 3_600_000);

      const remaining = await entriesAged([45, 31, 20], Date.now());
      await t.database.db
        .update(jobSchedules)
        .set({ nextRunAt: sql`now() - interval '1 second'` })
        .where(eq(jobSchedules.name, 'audit.retention'));
      await expect.poll(remaining, { timeout: 15_000 }).toEqual([20]);
    },
  );
});
