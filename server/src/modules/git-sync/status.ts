import type { GitDiffStatus, GitSyncStatus } from '@kiln/shared';
import type { GitSyncDeps } from './deps';
import { changedPaths, EMPTY_TREE } from './git-objects';
import { heldBackEntries, withHeldBack } from './held-back';
import type { LinkedProject } from './linked-project';
import { readProjectTree } from './project-files';
import { asHostError } from './remote';
import { updateSyncState } from './sync-state';

/**
 * Where the project stands against its branch: the remote is fetched, behindBy counts its
 * commits not pulled yet, aheadBy the files changed here since the last sync. While a pull's
 * conflicts wait, the status is `conflicts`.
 */
export async function getDiffStatus(
  deps: GitSyncDeps,
  linked: LinkedProject,
): Promise<GitDiffStatus> {
  const { project, state, repository, remote, branch } = linked;
  try {
    const remoteHead = await repository.fetchBranch(remote, branch);
    await updateSyncState(deps.db, project.id, { lastFetchedAt: new Date() });
    const lastSyncedAt = project.lastSyncedAt?.toISOString() ?? null;
    const synced = state.syncedCommit;
    const shas = { syncedCommitSha: synced, remoteCommitSha: remoteHead };
    if (state.mergeTheirs) {
      return {
        status: 'conflicts',
        comparison: {
          behindBy: remoteHead ? await repository.countCommits(remoteHead, synced) : 0,
          aheadBy: 0,
        },
        lastSyncedAt,
        ...shas,
        conflictedPaths: state.mergeConflicts ?? [],
      };
    }
    let behindBy = 0;
    if (remoteHead && remoteHead !== synced) {
      const remoteIsOlder = synced !== null && (await repository.isAncestor(remoteHead, synced));
      behindBy = remoteIsOlder ? 0 : await repository.countCommits(remoteHead, synced);
    }
    const files = await readProjectTree({ db: deps.db, projectId: project.id });
    const base = synced ? await repository.readFlatTree(synced) : EMPTY_TREE;
    const held = await heldBackEntries(repository, base, files.tree);
    let aheadBy = changedPaths(base, withHeldBack(files.tree, held)).length;
    // A branch the remote does not have yet is one push away, even with nothing changed.
    if (!remoteHead && synced && aheadBy === 0) aheadBy = 1;
    return {
      status: statusOf(behindBy, aheadBy),
      comparison: { behindBy, aheadBy },
      lastSyncedAt,
      ...shas,
      conflictedPaths: [],
    };
  } catch (error) {
    throw asHostError(error, remote);
  }
}

function statusOf(behindBy: number, aheadBy: number): GitSyncStatus {
  if (behindBy > 0 && aheadBy > 0) return 'diverged';
  if (behindBy > 0) return 'behind';
  if (aheadBy > 0) return 'ahead';
  return 'in-sync';
}
