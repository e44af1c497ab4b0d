import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Waits until `count` statements of this database are queued behind a lock, so a test that
 * holds the lock knows its concurrent requests really overlap (PostgreSQL only: the embedded
 * database has one connection, and its requests simply queue).
 */
export async function waitForLockWaiters(tx: DbOrTx, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const result = await tx.execute(
      sql`select count(*)::int as waiting from pg_locks
          where not granted
            and database = (select oid from pg_database where datname = current_database())`,
    );
    const rows = (result as unknown as { rows: Array<{ waiting: number }> }).rows;
    if ((rows[0]?.waiting ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} statements reached the lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
