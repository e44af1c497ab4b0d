import {
  formatStorageSize,
  PLANS,
  SUBSCRIPTION_PLANS,
  type ProjectStorage,
  type StorageMeasure,
  type SubscriptionPlan,
} from '@kiln/shared';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { formatCount } from '../../lib/format';
import { users } from '../users/tables';
import { getReadableProject } from './policy';
import { projects } from './tables';

/**
 * A project's storage quota, enforced here for every writer of files: the editor, uploads,
 * imports, Git, the AI agents and the workspace sync all write through the file service, and
 * each of its writes runs between `lockProjectStorage` and `assertWithinStorageQuota` in one
 * transaction. The totals are kept by triggers on `files` (migration 0015), so reading them
 * costs one row whatever the project holds.
 */

/**
 * This server's own caps per project, below every plan's (PROJECT_MAX_MB, PROJECT_MAX_FILES);
 * null where the plans' own limits apply. Built once from the settings and handed to every
 * writer of files with the app's context.
 */
export interface StorageCaps {
  bytes: number | null;
  entries: number | null;
}

export function storageCapsFrom(settings: { maxMb?: number; maxFiles?: number }): StorageCaps {
  return {
    bytes: settings.maxMb === undefined ? null : Math.floor(settings.maxMb * 1024 * 1024),
    entries: settings.maxFiles ?? null,
  };
}

type Measure = 'bytes' | 'entries';

/** A project's limit on one measure: its owner's plan's, or this server's cap when lower. */
function limitOf(plan: SubscriptionPlan, measure: Measure, caps: StorageCaps) {
  const planLimit = PLANS[plan].storage[measure];
  const cap = caps[measure];
  return cap !== null && cap < planLimit
    ? { limit: cap, serverLimit: true }
    : { limit: planLimit, serverLimit: false };
}

/** What a project holds and whose plan sets its quota, read under the lock. */
export interface StorageSnapshot {
  projectId: string;
  ownerId: string;
  plan: SubscriptionPlan;
  bytes: number;
  entries: number;
}

/**
 * Locks a project's storage totals until the transaction ends and answers them as they are
 * before the write: two writers of one project take turns from here to their commit, so they
 * cannot both fit into the same room. `project` is the project's id, or a subquery answering
 * it (a save knows only its file). Null when there is no such project.
 *
 * Lock order: the project's tree lock (lockProjectTree) when a write takes it, then this row,
 * then the rows of `files`; touchProject updates this same row last.
 */
export async function lockProjectStorage(
  tx: DbOrTx,
  project: string | SQL,
): Promise<StorageSnapshot | null> {
  const [row] = await storageTotals(tx, project).for('no key update', { of: projects });
  return row ?? null;
}

async function readStorage(db: DbOrTx, project: string): Promise<StorageSnapshot | null> {
  const [row] = await storageTotals(db, project);
  return row ?? null;
}

/** A project's storage totals and its owner's plan, as a query to read, lock or build on. */
function storageTotals(db: DbOrTx, project: string | SQL) {
  return db
    .select({
      projectId: projects.id,
      ownerId: projects.ownerId,
      plan: users.subscriptionPlan,
      bytes: projects.storageBytes,
      entries: projects.storageEntries,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(eq(projects.id, project));
}

/**
 * Runs `write` (statements of `tx` that change a project's files) within the project's quota:
 * locked first, checked after. Answers what `write` answered; throws StorageQuotaError when it
 * went past a limit, for the caller's transaction to roll back whole.
 */
export async function withinStorageQuota<T>(
  tx: DbOrTx,
  options: { project: string | SQL; writerId: string; caps: StorageCaps },
  write: () => Promise<T>,
): Promise<T> {
  const before = await lockProjectStorage(tx, options.project);
  const result = await write();
  if (before) await assertWithinStorageQuota(tx, before, options.writerId, options.caps);
  return result;
}

/** A write refused because the project would pass its quota; nothing of it was saved. */
export class StorageQuotaError extends AppError {
  constructor(
    message: string,
    /** The measure it would pass, how much the write adds, what the project held and may hold. */
    readonly detail: { measure: Measure; needed: number; used: number; limit: number },
  ) {
    super('PLAN_LIMIT', message);
    this.name = 'StorageQuotaError';
  }
}

/**
 * Ends a write under `lockProjectStorage`: refuses it (the caller's transaction rolls back, so
 * nothing of it is saved) when it grew a measure past the project's limit. A write that grows
 * nothing, a deletion say, always passes, even in a project already over (after a downgrade).
 */
export async function assertWithinStorageQuota(
  tx: DbOrTx,
  before: StorageSnapshot,
  writerId: string,
  caps: StorageCaps,
): Promise<void> {
  const after = await readStorage(tx, before.projectId);
  if (!after) return;
  for (const measure of ['bytes', 'entries'] as const) {
    const needed = after[measure] - before[measure];
    if (needed > 0 && after[measure] > limitOf(before.plan, measure, caps).limit) {
      throw storageQuotaError(before, { measure, needed }, writerId, caps);
    }
  }
}

/** The refusal of a write that would grow `measure` by `needed` past the project's limit. */
export function storageQuotaError(
  before: StorageSnapshot,
  growth: { measure: Measure; needed: number },
  writerId: string,
  caps: StorageCaps,
): StorageQuotaError {
  const { limit, serverLimit } = limitOf(before.plan, growth.measure, caps);
  const detail = { ...growth, used: before[growth.measure], limit };
  return new StorageQuotaError(
    quotaMessage({
      ...detail,
      serverLimit,
      plan: before.plan,
      isOwner: writerId === before.ownerId,
    }),
    detail,
  );
}

/**
 * For a write done in one statement (a save): its project's storage totals as a common table
 * expression, locked as `lockProjectStorage` locks them, so the statement can check its own
 * growth (`fitsStorageQuota`) before it writes.
 */
export function storageLockStep(db: Database, project: SQL) {
  return db.$with('storage').as(storageTotals(db, project).for('no key update', { of: projects }));
}

/**
 * Holds when a write that grows `measure` by `growth` (an expression of the statement) keeps
 * the project within its limit, or grows nothing: the same rule as assertWithinStorageQuota,
 * with each plan's limit written into the statement.
 */
export function fitsStorageQuota(
  storage: { plan: SQL.Aliased | AnyColumn; used: SQL.Aliased | AnyColumn },
  measure: Measure,
  growth: SQL,
  caps: StorageCaps,
): SQL {
  const limits = SUBSCRIPTION_PLANS.map(
    (plan) => sql`when ${plan} then ${limitOf(plan, measure, caps).limit}::bigint`,
  );
  return sql`(${growth} <= 0 or ${storage.used} + ${growth} <= case ${storage.plan} ${sql.join(limits, sql` `)} end)`;
}

/** "This change needs 12.4 MB but the project has 3.1 MB left of its 5 GB (Free plan). …" */
function quotaMessage(options: {
  measure: Measure;
  needed: number;
  used: number;
  limit: number;
  serverLimit: boolean;
  plan: SubscriptionPlan;
  isOwner: boolean;
}): string {
  const { measure, needed, used, limit } = options;
  const whose = options.serverLimit
    ? "this server's limit per project"
    : `${PLANS[options.plan].name} plan`;
  const left = Math.max(0, limit - used);
  const change =
    measure === 'bytes'
      ? `This change needs ${formatStorageSize(needed)}`
      : `This change adds ${entriesText(needed)}`;
  const room =
    measure === 'bytes'
      ? left > 0
        ? `the project has ${formatStorageSize(left)} left of its ${formatStorageSize(limit)}`
        : `the project has no room left: it holds ${formatStorageSize(used)} of its ${formatStorageSize(limit)}`
      : left > 0
        ? `the project has room for ${formatCount(left)} more of its ${formatCount(limit)}`
        : `the project already holds ${entriesText(used)}, its limit of ${formatCount(limit)}`;
  return `${change} but ${room} (${whose}). ${remedy(options)}`;
}

const entriesText = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'file or folder' : 'files and folders'}`;

/** What to do about it: delete files, and upgrade when a higher plan would raise the limit. */
function remedy(options: { serverLimit: boolean; plan: SubscriptionPlan; isOwner: boolean }) {
  const next = options.plan === 'free' ? 'Pro' : options.plan === 'pro' ? 'Enterprise' : null;
  if (options.serverLimit || !next) return 'Delete files to make room.';
  return options.isOwner
    ? `Delete files or upgrade to ${next}.`
    : `Delete files, or ask the project's owner to upgrade to ${next}.`;
}

/** The usage and limits of a project any member may read. */
export async function getProjectStorage(options: {
  db: Database;
  userId: string;
  projectId: string;
  caps: StorageCaps;
}): Promise<ProjectStorage> {
  await getReadableProject(options);
  const storage = await readStorage(options.db, options.projectId);
  if (!storage) throw notFound('Project not found');
  const measure = (name: Measure): StorageMeasure => ({
    used: storage[name],
    ...limitOf(storage.plan, name, options.caps),
  });
  return {
    projectId: storage.projectId,
    plan: storage.plan,
    bytes: measure('bytes'),
    entries: measure('entries'),
  };
}
