import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from './tables';
import { AppError } from '../../lib/app-error';

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
}

/**
 * Per-account sign-in throttle (decision 0002). Failures are counted for unknown emails too, so
 * being locked out reveals nothing about which accounts exist. Stored in the database so the
 * count is shared by every instance and survives restarts.
 */
export async function assertLoginAllowed(db: DbOrTx, emailKey: string, policy: ThrottlePolicy) {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.emailKey, emailKey));
  if (!row || row.count < policy.maxFailures) return;
  const retryAtMs = row.windowStartedAt.getTime() + policy.windowMs;
  const waitMs = retryAtMs - Date.now();
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    { 'retry-after': String(seconds) },
  );
}

export async function recordLoginFailure(db: DbOrTx, emailKey: string, policy: ThrottlePolicy) {
  const windowStart = new Date(Date.now() - policy.windowMs);
  await db
    .insert(loginFailures)
    .values({ emailKey, count: 1, windowStartedAt: new Date() })
    .onConflictDoUpdate({
      target: loginFailures.emailKey,
      set: {
        count: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then now() else ${loginFailures.windowStartedAt} end`,
      },
    });
}

export async function clearLoginFailures(db: DbOrTx, emailKey: string) {
  await db.delete(loginFailures).where(eq(loginFailures.emailKey, emailKey));
}
