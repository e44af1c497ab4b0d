import {
  FILE_LIMITS,
  type GitResolveConflictsInputSchema,
  type GitResolveResult,
} from '@kiln/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { mimeTypeFromName } from '../../lib/file-types';
import { applyFileStates, type FileState } from '../files';
import { commitProjectFiles } from './commit-files';
import type { GitSyncDeps } from './deps';
import { heldBackEntries } from './held-back';
import { recordFailure } from './history';
import type { LinkedProject } from './linked-project';
import { fileStateOf, readProjectTree } from './project-files';
import { asHostError, pullFirst } from './remote';
import { markSynced, NO_MERGE, recordHistory, updateSyncState } from './sync-state';

type Resolutions = z.output<typeof GitResolveConflictsInputSchema>['resolutions'];

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * Applies one resolution per conflict of the last pull, commits the merge (the project's side
 * and the remote's as parents) and pushes it. The resolutions are checked whole before
 * anything is written. If the push is refused because the remote moved on again, the
 * resolved files stay as they are and the next pull merges the newer commits into them.
 */
export async function resolveConflicts(
  deps: GitSyncDeps,
  linked: LinkedProject,
  resolutions: Resolutions,
): Promise<GitResolveResult> {
  const { project, state, repository, remote, branch } = linked;
  const pending = state.mergeConflicts ?? [];
  if (!state.mergeTheirs || pending.length === 0) {
    throw invalid('There are no conflicts to resolve: pull first');
  }
  const theirsCommit = state.mergeTheirs;
  const byPath = new Map(resolutions.map((resolution) => [resolution.path, resolution]));
  const unknown = [...byPath.keys()].filter((path) => !pending.includes(path));
  if (unknown.length > 0) throw invalid(`Not in conflict: ${unknown.join(', ')}`);
  const missing = pending.filter((path) => !byPath.has(path));
  if (missing.length > 0) {
    throw invalid(
      `Incomplete: Please resolve all ${pending.length} conflict(s) (${missing.join(', ')} left)`,
    );
  }

  try {
    const theirs = await repository.readFlatTree(theirsCommit);
    const states = new Map<string, FileState | null>();
    for (const [path, resolution] of byPath) {
      if (resolution.side === 'local' && resolution.content === undefined) continue;
      if (resolution.side === 'remote' && resolution.content === undefined) {
        const entry = theirs.get(path);
        states.set(path, entry ? fileStateOf(path, await repository.readBlob(entry.oid)) : null);
        continue;
      }
      const content = resolution.content ?? null;
      if (content !== null && Buffer.byteLength(content) > FILE_LIMITS.textBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', `The resolution of ${path} is too large`);
      }
      states.set(
        path,
        content === null
          ? null
          : { isDirectory: false, content, data: null, mimeType: mimeTypeFromName(path) },
      );
    }
    if (states.size > 0) {
      await applyFileStates({
        storageCaps: deps.storageCaps,
        db: deps.db,
        userId: project.ownerId,
        projectId: project.id,
        states,
      });
    }

    const files = await readProjectTree({ db: deps.db, projectId: project.id });
    const held = await heldBackEntries(repository, theirs, files.tree);
    const ours = state.mergeOurs && (await repository.hasCommit(state.mergeOurs));
    const merge = await commitProjectFiles({
      repository,
      files,
      base: theirs,
      held,
      parents: ours ? [state.mergeOurs!, theirsCommit] : [theirsCommit],
      message: `Merge ${branch} of ${remote.label}\n\nResolved ${pending.length} conflict(s) in Kiln.`,
      author: linked.author,
    });
    // The resolution is in the project now: whatever happens to the push, the merge is done.
    await updateSyncState(deps.db, project.id, { ...NO_MERGE, syncedCommit: theirsCommit });

    const remoteHead = await repository.fetchBranch(remote, branch);
    if (remoteHead && remoteHead !== theirsCommit) {
      if (!(await repository.isAncestor(remoteHead, theirsCommit))) throw pullFirst(remote);
    }
    await repository.push(remote, branch, merge.commit, {
      expected: remoteHead,
      objects: merge.objects,
    });
    await markSynced(deps.db, project.id, merge.commit);
    const message = `Resolved ${pending.length} conflict(s) and pushed the merge to ${remote.label} (${branch})`;
    await recordHistory(deps.db, {
      projectId: project.id,
      operation: 'resolve-conflict',
      status: 'success',
      message,
      filesChanged: pending,
      commitSha: merge.commit,
    });
    return { message, commitSha: merge.commit, resolved: pending.length };
  } catch (caught) {
    const error = asHostError(caught, remote);
    await recordFailure(deps, project.id, 'resolve-conflict', error);
    throw error;
  }
}
