import type { GitBranchList } from '@kiln/shared';
import { AppError } from '../../lib/app-error';
import { applyRemoteChanges } from './apply-remote';
import { connectionApi, openConnection } from './connections';
import type { GitSyncDeps } from './deps';
import { EMPTY_TREE } from './git-objects';
import { heldBackEntries, withHeldBack } from './held-back';
import type { LinkedProject } from './linked-project';
import { readProjectTree } from './project-files';
import { conflictsPending } from './push';
import { asHostError } from './remote';
import { markSynced, recordHistory, setProjectBranch } from './sync-state';
import { mergeTrees } from './three-way-merge';

/**
 * The remote's branches, from Git itself; which are protected, from the host's API when the
 * person's connection is to that host (a failure there only leaves them unmarked). The current
 * branch is listed even before its first push creates it.
 */
export async function listBranches(
  deps: GitSyncDeps,
  linked: LinkedProject,
): Promise<GitBranchList> {
  const { project, repository, remote, address, branch } = linked;
  try {
    const names = await repository.remoteBranches(remote);
    const connection = await openConnection(deps, project.ownerId);
    let protectedNames = new Set<string>();
    if (connection?.baseUrl === address.baseUrl) {
      protectedNames = await connectionApi(deps, connection)
        .protectedBranches(address.owner, address.repo)
        .catch((error: unknown) => {
          deps.log.debug({ kind: (error as Error).name }, 'protected branches unavailable');
          return new Set<string>();
        });
    }
    const all = names.includes(branch) ? names : [...names, branch].sort();
    return {
      currentBranch: branch,
      branches: all.map((name) => ({ name, protected: protectedNames.has(name) })),
    };
  } catch (error) {
    throw asHostError(error, remote);
  }
}

/**
 * Moves the project to another branch, carrying its changes not pushed yet: the files become
 * the branch's, except those changed here, which stay. A change here that the branch changed
 * too refuses the switch, changing nothing. A branch the remote does not have starts from the
 * last synced commit and is created by the next push.
 */
export async function switchBranch(
  deps: GitSyncDeps,
  linked: LinkedProject,
  target: string,
): Promise<{ message: string }> {
  const { project, state, repository, remote } = linked;
  if (target === linked.branch) return { message: `Already on branch ${target}` };
  if (state.mergeTheirs) throw conflictsPending();
  try {
    const head = await repository.fetchBranch(remote, target);
    if (!head) {
      await setProjectBranch(deps.db, project.id, target);
      return {
        message: `Switched to branch ${target}; your next push creates it on ${remote.label}`,
      };
    }
    const files = await readProjectTree({ db: deps.db, projectId: project.id });
    const base = state.syncedCommit
      ? await repository.readFlatTree(state.syncedCommit)
      : EMPTY_TREE;
    const held = await heldBackEntries(repository, base, files.tree);
    const theirs = await repository.readFlatTree(head);
    const { take, conflicts } = mergeTrees(base, withHeldBack(files.tree, held), theirs);
    if (conflicts.length > 0) {
      throw new AppError(
        'CONFLICT',
        `Your changes to ${conflicts.slice(0, 5).join(', ')}${conflicts.length > 5 ? '…' : ''} conflict with branch ${target}: push them first, then switch`,
      );
    }
    const applied = await applyRemoteChanges(deps, {
      repository,
      ownerId: project.ownerId,
      projectId: project.id,
      files,
      take,
    });
    await setProjectBranch(deps.db, project.id, target);
    await markSynced(deps.db, project.id, head);
    const changed = [...applied.created, ...applied.updated, ...applied.deleted].sort();
    const message = `Switched to branch ${target}`;
    await recordHistory(deps.db, {
      projectId: project.id,
      operation: 'pull',
      status: 'success',
      message: `${message} (${changed.length} file(s) changed)`,
      filesChanged: changed,
      commitSha: head,
    });
    return { message };
  } catch (error) {
    throw asHostError(error, remote);
  }
}
