import type { GitPushResult } from '@kiln/shared';
import { AppError } from '../../lib/app-error';
import { commitProjectFiles } from './commit-files';
import type { GitSyncDeps } from './deps';
import { changedPaths, EMPTY_TREE } from './git-objects';
import { heldBackEntries, withHeldBack } from './held-back';
import { recordFailure } from './history';
import type { LinkedProject } from './linked-project';
import { readProjectTree } from './project-files';
import { asHostError, pullFirst } from './remote';
import { markSynced, recordHistory, updateSyncState } from './sync-state';

export const conflictsPending = () =>
  new AppError(
    'CONFLICT',
    'The last pull left conflicts: resolve them before pushing (Pull shows them again)',
  );

/**
 * Commits the project's files on top of the last synced commit and pushes them. The remote
 * must still be at that commit: if it moved on, nothing is committed or pushed and the person
 * is told to pull first, so nothing on either side is lost. Automatic pushes (auto-sync) skip
 * quietly when there is nothing to push or a merge is waiting, and never throw.
 */
export async function pushProject(
  deps: GitSyncDeps,
  linked: LinkedProject,
  options: { message: string; automatic: boolean },
): Promise<GitPushResult | null> {
  const { project, state, repository, remote, branch } = linked;
  if (options.automatic) {
    await updateSyncState(deps.db, project.id, { lastAutoPushAt: new Date() });
  }
  try {
    if (state.mergeTheirs) {
      if (options.automatic) return null;
      throw conflictsPending();
    }
    // A person's push asks the host where the branch stands while the files are read.
    const discovery = options.automatic ? null : repository.discoverPush(remote);
    discovery?.catch(() => undefined);
    const files = await readProjectTree({ db: deps.db, projectId: project.id });
    const synced = state.syncedCommit;
    const base = synced ? await repository.readFlatTree(synced) : EMPTY_TREE;
    const held = await heldBackEntries(repository, base, files.tree);
    const localChanges = changedPaths(base, withHeldBack(files.tree, held));
    // Nothing changed here: an automatic push has nothing to say, and asks the host nothing.
    if (options.automatic && localChanges.length === 0) return null;

    // What the branch holds now, from the push's own first request: no fetch is needed
    // unless the remote moved, and then the answer is to pull first.
    const advertisement = await (discovery ?? repository.discoverPush(remote));
    const remoteHead = advertisement.refs.get(`refs/heads/${branch}`) ?? null;
    if (remoteHead && remoteHead !== synced) {
      const behindUs =
        synced !== null &&
        (await repository.hasCommit(remoteHead)) &&
        (await repository.isAncestor(remoteHead, synced));
      if (!behindUs) throw pullFirst(remote);
    }
    if (localChanges.length === 0 && (remoteHead !== null || synced === null)) {
      const message = `Nothing to push: ${remote.label} (${branch}) already has these files`;
      if (!options.automatic) {
        await recordHistory(deps.db, {
          projectId: project.id,
          operation: 'push',
          status: 'success',
          message,
          commitSha: synced,
        });
      }
      return { message, commitSha: synced, filesChanged: [] };
    }

    // Unchanged files on a branch the remote does not have yet: that commit starts it.
    const outgoing =
      localChanges.length === 0 && synced
        ? { commit: synced, changed: [] as string[], objects: undefined }
        : await commitProjectFiles({
            repository,
            files,
            base,
            held,
            parents: synced ? [synced] : [],
            message: options.message,
            author: linked.author,
          });
    await repository.push(remote, branch, outgoing.commit, {
      advertisement,
      expected: remoteHead,
      objects: outgoing.objects,
    });
    await markSynced(deps.db, project.id, outgoing.commit);
    await recordHistory(deps.db, {
      projectId: project.id,
      operation: 'push',
      status: 'success',
      message: options.message,
      filesChanged: outgoing.changed,
      commitSha: outgoing.commit,
    });
    return {
      message: `Pushed ${outgoing.changed.length} file(s) to ${remote.label} (${branch})`,
      commitSha: outgoing.commit,
      filesChanged: outgoing.changed,
    };
  } catch (caught) {
    const error = asHostError(caught, remote);
    await recordFailure(deps, project.id, 'push', error);
    if (options.automatic) return null;
    throw error;
  }
}
