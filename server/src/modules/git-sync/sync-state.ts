import type { GitSyncOperation, GitSyncOutcome } from '@kiln/shared';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { gitSyncHistory, gitSyncStates } from './tables';
import { projects } from '../projects/tables';

export type SyncStateRow = typeof gitSyncStates.$inferSelect;
export type HistoryRow = typeof gitSyncHistory.$inferSelect;

export async function getSyncState(db: DbOrTx, projectId: string): Promise<SyncStateRow | null> {
  const [row] = await db
    .select()
    .from(gitSyncStates)
    .where(eq(gitSyncStates.projectId, projectId))
    .limit(1);
  return row ?? null;
}

type StateChanges = Partial<Omit<SyncStateRow, 'projectId' | 'updatedAt'>>;

export async function updateSyncState(db: DbOrTx, projectId: string, changes: StateChanges) {
  await db
    .update(gitSyncStates)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(gitSyncStates.projectId, projectId));
}

/** No merge waiting for its conflicts to be resolved. */
export const NO_MERGE = { mergeOurs: null, mergeTheirs: null, mergeConflicts: null } as const;

/**
 * Links a project to a repository from scratch: the owner, repository and branch on the
 * project (both spellings of the project answer read them), a fresh sync state.
 */
export async function linkProject(
  db: DbOrTx,
  options: {
    projectId: string;
    baseUrl: string;
    owner: string;
    repo: string;
    branch: string;
    syncedCommit: string | null;
  },
) {
  const now = new Date();
  await db
    .update(projects)
    .set({
      githubOwner: options.owner,
      githubRepo: options.repo,
      githubBranch: options.branch,
      lastSyncedAt: options.syncedCommit ? now : null,
    })
    .where(eq(projects.id, options.projectId));
  const state = {
    baseUrl: options.baseUrl,
    syncedCommit: options.syncedCommit,
    ...NO_MERGE,
    lastFetchedAt: now,
    lastAutoPushAt: null,
    updatedAt: now,
  };
  await db
    .insert(gitSyncStates)
    .values({ projectId: options.projectId, ...state })
    .onConflictDoUpdate({ target: gitSyncStates.projectId, set: state });
}

/** The project now matches `commit` of its branch (after a push, a pull or an import). */
export async function markSynced(
  db: DbOrTx,
  projectId: string,
  commit: string | null,
  extra: StateChanges = {},
) {
  const now = new Date();
  await updateSyncState(db, projectId, { syncedCommit: commit, lastFetchedAt: now, ...extra });
  await db.update(projects).set({ lastSyncedAt: now }).where(eq(projects.id, projectId));
}

export async function setProjectBranch(db: DbOrTx, projectId: string, branch: string) {
  await db.update(projects).set({ githubBranch: branch }).where(eq(projects.id, projectId));
}

export async function setSyncSettings(
  db: DbOrTx,
  projectId: string,
  settings: { autoSyncEnabled?: boolean | undefined; syncIntervalMs?: number | undefined },
) {
  const changes: { autoSyncEnabled?: boolean; syncIntervalMs?: number } = {};
  if (settings.autoSyncEnabled !== undefined) changes.autoSyncEnabled = settings.autoSyncEnabled;
  if (settings.syncIntervalMs !== undefined) changes.syncIntervalMs = settings.syncIntervalMs;
  const [row] = await db.update(projects).set(changes).where(eq(projects.id, projectId)).returning({
    autoSyncEnabled: projects.autoSyncEnabled,
    syncIntervalMs: projects.syncIntervalMs,
  });
  if (!row) throw new Error('project vanished while its settings were saved');
  return row;
}

export async function recordHistory(
  db: DbOrTx,
  entry: {
    projectId: string;
    operation: GitSyncOperation;
    status: GitSyncOutcome;
    message: string;
    filesChanged?: string[];
    commitSha?: string | null;
  },
) {
  await db.insert(gitSyncHistory).values({
    projectId: entry.projectId,
    operation: entry.operation,
    status: entry.status,
    message: entry.message,
    filesChanged: entry.filesChanged ?? [],
    commitSha: entry.commitSha ?? null,
  });
}

export async function listHistory(
  db: DbOrTx,
  projectId: string,
  limit: number,
): Promise<HistoryRow[]> {
  return db
    .select()
    .from(gitSyncHistory)
    .where(eq(gitSyncHistory.projectId, projectId))
    .orderBy(desc(gitSyncHistory.createdAt), desc(gitSyncHistory.id))
    .limit(limit);
}
