import {
  GIT_SYNC_HISTORY_LIMIT,
  type GitBranchList,
  type GitDiffStatus,
  type GitPullResult,
  type GitPushResult,
  type GitResolveConflictsInputSchema,
  type GitResolveResult,
  type GitSyncSettingsInputSchema,
} from '@kiln/shared';
import type { z } from 'zod';
import { getOwnedProject, getProjectFor, getReadableProject, type ProjectNeed } from '../projects';
import { listBranches, switchBranch } from './branches';
import type { GitSyncDeps } from './deps';
import { openLinkedProject, type LinkedProject } from './linked-project';
import { pullProject } from './pull';
import { pushProject } from './push';
import { resolveConflicts } from './resolve';
import { getDiffStatus } from './status';
import { listHistory, setSyncSettings, type HistoryRow } from './sync-state';

export { linkRepository, importRepository } from './link';

interface ProjectOptions {
  userId: string;
  projectId: string;
}

/**
 * Runs an operation on a linked project, alone on it (project-lock.ts), when the person may do
 * what it needs (projects' policy); the project and its state are read once its turn comes, so
 * it sees what the one before did. Operations use the owner's Git host connection whoever asks.
 */
async function onLinkedProject<T>(
  deps: GitSyncDeps,
  options: ProjectOptions & { need: ProjectNeed },
  operation: (linked: LinkedProject) => Promise<T>,
): Promise<T> {
  // Access first, so a stranger's request never waits behind the project's operations.
  await getProjectFor({ db: deps.db, ...options });
  return deps.locks.run(options.projectId, async () =>
    operation(await openLinkedProject(deps, options.userId, options.projectId)),
  );
}

export async function pushToRemote(
  deps: GitSyncDeps,
  options: ProjectOptions & { message: string },
): Promise<GitPushResult> {
  return onLinkedProject(deps, { ...options, need: 'write' }, async (linked) => {
    const result = await pushProject(deps, linked, { message: options.message, automatic: false });
    return result!;
  });
}

export function pullFromRemote(deps: GitSyncDeps, options: ProjectOptions): Promise<GitPullResult> {
  return onLinkedProject(deps, { ...options, need: 'write' }, (linked) =>
    pullProject(deps, linked),
  );
}

export function getSyncStatus(deps: GitSyncDeps, options: ProjectOptions): Promise<GitDiffStatus> {
  return onLinkedProject(deps, { ...options, need: 'read' }, (linked) =>
    getDiffStatus(deps, linked),
  );
}

export function getBranches(deps: GitSyncDeps, options: ProjectOptions): Promise<GitBranchList> {
  return onLinkedProject(deps, { ...options, need: 'read' }, (linked) =>
    listBranches(deps, linked),
  );
}

export function changeBranch(
  deps: GitSyncDeps,
  options: ProjectOptions & { branch: string },
): Promise<{ message: string }> {
  return onLinkedProject(deps, { ...options, need: 'own' }, (linked) =>
    switchBranch(deps, linked, options.branch),
  );
}

export function resolvePullConflicts(
  deps: GitSyncDeps,
  options: ProjectOptions & {
    resolutions: z.output<typeof GitResolveConflictsInputSchema>['resolutions'];
  },
): Promise<GitResolveResult> {
  return onLinkedProject(deps, { ...options, need: 'write' }, (linked) =>
    resolveConflicts(deps, linked, options.resolutions),
  );
}

/** Auto-sync and its interval: a project setting, linked or not yet. */
export async function updateSyncSettings(
  deps: GitSyncDeps,
  options: ProjectOptions & { input: z.output<typeof GitSyncSettingsInputSchema> },
) {
  await getOwnedProject({ db: deps.db, ...options });
  return setSyncSettings(deps.db, options.projectId, {
    autoSyncEnabled: options.input.autoSyncEnabled,
    syncIntervalMs: options.input.syncInterval,
  });
}

export async function listSyncHistory(
  deps: GitSyncDeps,
  options: ProjectOptions,
): Promise<HistoryRow[]> {
  await getReadableProject({ db: deps.db, ...options });
  return listHistory(deps.db, options.projectId, GIT_SYNC_HISTORY_LIMIT);
}
