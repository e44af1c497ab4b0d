import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { RECENT_USERS_LIMIT, type UpdateAdminUserInput } from '@kiln/shared';
import type { Database, DbOrTx } from '../../db/client';
import { projects } from '../projects/tables';
import { users, type UserRow } from '../users/tables';
import { forbidden, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { announceProjectsDeleted } from '../projects';

/** Users with the number of projects each owns, counted by the database in one pass. */
function selectUsersWithProjectCount(db: DbOrTx) {
  return db
    .select({ user: users, projectCount: count(projects.id) })
    .from(users)
    .leftJoin(projects, eq(projects.ownerId, users.id))
    .groupBy(users.id)
    .$dynamic();
}

const withProjectCount = (row: { user: UserRow; projectCount: number }) => ({
  ...row.user,
  projectCount: row.projectCount,
});

/** Every account with its project count, newest first (GET /api/admin/users). */
export async function listUsers(options: { db: DbOrTx }) {
  const rows = await selectUsersWithProjectCount(options.db).orderBy(
    desc(users.createdAt),
    asc(users.id),
  );
  return rows.map(withProjectCount);
}

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * Every figure of the analytics comes from one aggregate pass over `users`
 * (and a count of `projects`), so it costs the same whether there are ten accounts or a million.
 */
export async function getAnalytics(options: { db: DbOrTx }) {
  const { db } = options;
  const plan = users.subscriptionPlan;
  const status = users.subscriptionStatus;
  const [counts] = await db
    .select({
      totalUsers: count(),
      totalProjects: sql<number>`(select count(*) from ${projects})`.mapWith(Number),
      statusActive: countWhere(sql`${status} = 'active'`),
      statusFree: countWhere(sql`${status} = 'free'`),
      statusCanceled: countWhere(sql`${status} = 'canceled'`),
      planFree: countWhere(sql`${plan} = 'free'`),
      planPro: countWhere(sql`${plan} = 'pro'`),
      planEnterprise: countWhere(sql`${plan} = 'enterprise'`),
      activePro: countWhere(sql`${plan} = 'pro' and ${status} = 'active'`),
      activeEnterprise: countWhere(sql`${plan} = 'enterprise' and ${status} = 'active'`),
    })
    .from(users);
  const recent = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      subscriptionPlan: users.subscriptionPlan,
    })
    .from(users)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(RECENT_USERS_LIMIT);
  if (!counts) throw new Error('an aggregate without GROUP BY answered no row');
  return { counts, recent };
}

/** Any constant will do: it only has to be the same for every administrator's change. */
export const ADMIN_CHANGES_LOCK_ID = 7203154002;
const ADMIN_CHANGES_LOCK = sql.raw(String(ADMIN_CHANGES_LOCK_ID));

/**
 * Administrators' changes to accounts take turns, and each first checks that its actor is
 * still an administrator: two administrators demoting or deleting each other at the same
 * moment cannot leave the instance without one.
 */
async function asActingAdmin<T>(
  db: Database,
  actorId: string,
  change: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`);
    const [actor] = await tx
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, actorId))
      .limit(1);
    if (!actor?.isAdmin) throw forbidden('Administrators only');
    return change(tx);
  });
}

export async function updateUser(options: {
  db: Database;
  actor: UserRow;
  userId: string;
  changes: UpdateAdminUserInput;
}) {
  const { userId } = options;
  if (!isUuid(userId)) throw notFound('User not found');
  return asActingAdmin(options.db, options.actor.id, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...options.changes, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated) throw notFound('User not found');
    const [row] = await selectUsersWithProjectCount(tx).where(eq(users.id, userId));
    if (!row) throw notFound('User not found');
    return withProjectCount(row);
  });
}

/**
 * Deletes the account and everything it owns. One statement inside the transaction: the
 * schema's foreign keys cascade to sessions (so every cookie of the account stops working at
 * once), email tokens, uploads and their entries, and projects with their files. Answers the
 * deleted account's email, which nothing else keeps once it is gone.
 */
export async function deleteUser(options: {
  db: Database;
  actor: UserRow;
  userId: string;
}): Promise<{ email: string }> {
  const { userId } = options;
  if (!isUuid(userId)) throw notFound('User not found');
  const removed = await asActingAdmin(options.db, options.actor.id, async (tx) => {
    const projectIds = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.ownerId, userId));
    const [deleted] = await tx
      .delete(users)
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!deleted) throw notFound('User not found');
    return { email: deleted.email, projectIds: projectIds.map((row) => row.id) };
  });
  announceProjectsDeleted(removed.projectIds);
  return { email: removed.email };
}
