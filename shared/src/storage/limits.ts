import type { SubscriptionPlan } from '../plans';

const GB = 1024 * 1024 * 1024;

/** What one project may hold. */
export interface ProjectStorageLimits {
  /**
   * Bytes of all its files together, each counted as stored: a text's UTF-8 bytes, a binary
   * file's bytes. Folders weigh nothing.
   */
  bytes: number;
  /**
   * Files and folders together. A folder counts because it costs what a file costs (a row, its
   * index entries, a line in every listing, a folder the workspace sync makes on disk), so a loop
   * that makes empty folders fills the database as surely as one that makes files.
   */
  entries: number;
}

/**
 * The quota of one project, by its owner's plan (enforced by the file service,
 * server/src/modules/projects/storage-quota.ts).
 *
 * - Free and Pro: a project may hold all the storage the plan sells ("5GB storage", "50GB
 *   storage" on the pricing page), so no one is refused below what their plan promises.
 * - Enterprise sells "Unlimited storage": unlimited projects, each capped at twice Pro's figure.
 *   The cap is there so that one project (a terminal loop, a runaway agent) cannot fill the
 *   server's disk and take every other project down with it.
 * - Entries: the workspace sync stops saving a workspace past 50,000 files and folders
 *   (server/src/modules/workspaces/project-sync.ts), so no plan holds more; Free holds 20,000,
 *   room for a project of 10,000 files and their folders.
 */
export const PROJECT_STORAGE_LIMITS: Record<SubscriptionPlan, ProjectStorageLimits> = {
  free: { bytes: 5 * GB, entries: 20_000 },
  pro: { bytes: 50 * GB, entries: 50_000 },
  enterprise: { bytes: 100 * GB, entries: 50_000 },
};
