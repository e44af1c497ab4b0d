import type { GitConflict, GitPullResult } from '@kiln/shared';
import { applyRemoteChanges } from './apply-remote';
import { commitProjectFiles } from './commit-files';
import type { GitSyncDeps } from './deps';
import { changedPaths, EMPTY_TREE, type FlatTree } from './git-objects';
import { heldBackEntries, withHeldBack } from './held-back';
import { recordFailure } from './history';
import type { LinkedProject } from './linked-project';
import { conflictText, fileStateOf, readProjectTree, type ProjectTree } from './project-files';
import { asHostError } from './remote';
import { markSynced, NO_MERGE, recordHistory, updateSyncState } from './sync-state';
import { mergeTrees } from './three-way-merge';

/**
 * Fetches the branch and merges it into the project, three-way against the last synced
 * commit: a file changed on one side only takes that side, a file changed on both becomes a
 * conflict and keeps the project's version until it is resolved. The remote's other changes
 * are applied at once. While conflicts wait, a pull again merges whatever the remote added
 * since, and the conflicts stay until their two sides agree.
 */
export async function pullProject(
  deps: GitSyncDeps,
  linked: LinkedProject,
): Promise<GitPullResult> {
  const { project, remote } = linked;
  try {
    return await mergeRemote(deps, linked, { fastForwardOnly: false });
  } catch (caught) {
    const error = asHostError(caught, remote);
    await recordFailure(deps, project.id, 'pull', error);
    throw error;
  }
}

/**
 * What auto-sync does at the project's sync interval: takes the remote's commits only when
 * nothing changed here since the last sync and the remote builds on it. Anything else waits
 * for a person to pull; no conflict is ever created by itself. Answers whether it pulled.
 */
export async function fastForwardProject(deps: GitSyncDeps, linked: LinkedProject) {
  const result = await mergeRemote(deps, linked, { fastForwardOnly: true });
  return result !== null;
}

async function mergeRemote(
  deps: GitSyncDeps,
  linked: LinkedProject,
  options: { fastForwardOnly: true },
): Promise<GitPullResult | null>;
async function mergeRemote(
  deps: GitSyncDeps,
  linked: LinkedProject,
  options: { fastForwardOnly: false },
): Promise<GitPullResult>;
async function mergeRemote(
  deps: GitSyncDeps,
  linked: LinkedProject,
  options: { fastForwardOnly: boolean },
): Promise<GitPullResult | null> {
  const { project, state, repository, remote, branch } = linked;
  const pending = state.mergeTheirs;
  if (options.fastForwardOnly && pending) return null;
  const readFiles = () => readProjectTree({ db: deps.db, projectId: project.id });
  // A person's pull reads the project's files while the fetch waits on the host; the periodic
  // fetch, which usually finds nothing new, reads them only when there is something.
  const early = options.fastForwardOnly ? null : readFiles();
  early?.catch(() => undefined);
  const remoteHead = await repository.fetchBranch(remote, branch);
  await updateSyncState(deps.db, project.id, { lastFetchedAt: new Date() });
  const quiet = (message: string): GitPullResult => ({
    message,
    conflicts: 0,
    conflictedFiles: [],
    created: 0,
    updated: 0,
    deleted: 0,
    commitSha: remoteHead,
  });
  if (!remoteHead) {
    return options.fastForwardOnly ? null : quiet(`${remote.label} has no branch ${branch} yet`);
  }
  const synced = state.syncedCommit;
  if (!pending && remoteHead === synced) {
    if (options.fastForwardOnly) return null;
    const message = `Already up to date with ${remote.label} (${branch})`;
    await recordHistory(deps.db, {
      projectId: project.id,
      operation: 'pull',
      status: 'success',
      message,
      commitSha: remoteHead,
    });
    return quiet(message);
  }
  if (options.fastForwardOnly && !(synced && (await repository.isAncestor(synced, remoteHead)))) {
    return null;
  }

  const files = await (early ?? readFiles());
  const baseCommit = pending ?? synced;
  const base = baseCommit ? await repository.readFlatTree(baseCommit) : EMPTY_TREE;
  const theirs = await repository.readFlatTree(remoteHead);
  const held = await heldBackEntries(repository, base, files.tree);
  const ours = withHeldBack(files.tree, held);
  if (options.fastForwardOnly && changedPaths(base, ours).length > 0) return null;

  const { take, conflicts } = mergeTrees(base, ours, theirs);
  // Conflicts of the pull before stay until both sides agree.
  const conflicted = new Set(conflicts);
  for (const path of state.mergeConflicts ?? []) {
    if (ours.get(path)?.oid !== theirs.get(path)?.oid) {
      conflicted.add(path);
      take.delete(path);
    }
  }
  const applied = await applyRemoteChanges(deps, {
    repository,
    ownerId: project.ownerId,
    projectId: project.id,
    files,
    take,
  });
  const changed = [...applied.created, ...applied.updated, ...applied.deleted].sort();
  const counts = {
    created: applied.created.length,
    updated: applied.updated.length,
    deleted: applied.deleted.length,
  };

  if (conflicted.size === 0) {
    await markSynced(deps.db, project.id, remoteHead, NO_MERGE);
    const message = options.fastForwardOnly
      ? `Fetched ${changed.length} change(s) from ${remote.label} (${branch}) automatically`
      : `Pulled ${changed.length} change(s) from ${remote.label} (${branch})`;
    await recordHistory(deps.db, {
      projectId: project.id,
      operation: 'pull',
      status: 'success',
      message,
      filesChanged: changed,
      commitSha: remoteHead,
    });
    return { ...quiet(message), ...counts };
  }

  const paths = [...conflicted].sort();
  // The project's side of the merge, as it was, so the merge commit has both parents.
  const oursCommit =
    state.mergeOurs ??
    (
      await commitProjectFiles({
        repository,
        files,
        base,
        held,
        parents: synced ? [synced] : [],
        message: `Changes made in Kiln before merging ${branch}`,
        author: linked.author,
      })
    ).commit;
  await updateSyncState(deps.db, project.id, {
    mergeOurs: oursCommit,
    mergeTheirs: remoteHead,
    mergeConflicts: paths,
  });
  const message = `Pulled ${changed.length} change(s) from ${remote.label} (${branch}); ${paths.length} conflict(s) to resolve`;
  await recordHistory(deps.db, {
    projectId: project.id,
    operation: 'pull',
    status: 'conflict',
    message,
    filesChanged: paths,
    commitSha: remoteHead,
  });
  return {
    ...quiet(message),
    ...counts,
    conflicts: paths.length,
    conflictedFiles: await describeConflicts(linked, files, theirs, paths),
  };
}

/** Both sides of each conflict, as the conflict dialog shows them. */
export async function describeConflicts(
  linked: LinkedProject,
  files: ProjectTree,
  theirs: FlatTree,
  paths: string[],
): Promise<GitConflict[]> {
  const local = await files.bytesOf(paths);
  const conflicts: GitConflict[] = [];
  for (const path of paths) {
    const mine = local.get(path) ?? null;
    const entry = theirs.get(path);
    const remote = entry ? await linked.repository.readBlob(entry.oid) : null;
    const binary = [mine, remote].some(
      (bytes) => bytes !== null && fileStateOf(path, bytes).content === null,
    );
    conflicts.push({
      path,
      localContent: binary ? null : conflictText(mine, path),
      remoteContent: binary ? null : conflictText(remote, path),
      binary,
    });
  }
  return conflicts;
}
