import { mimeTypeFromName } from '../../lib/file-types';
import { ancestorsOf, isInside } from '../../lib/project-paths';
import { applyFileStates, type FileState } from '../files';
import type { GitSyncDeps } from './deps';
import type { FlatTree, TreeEntry } from './git-objects';
import { canHold, canHoldBytes, fileStateOf, type ProjectTree } from './project-files';
import type { ProjectRepository } from './repository';

export interface AppliedChanges {
  created: string[];
  updated: string[];
  deleted: string[];
  /** Entries of the remote that Kiln cannot hold, left in the repository only. */
  heldBack: string[];
}

/**
 * Writes what a merge takes from the remote into the project through the file service, so
 * versions go up and open editors see the change: an entry is written, null deletes. Folders
 * that only held deleted files go too, as Git has no empty folders. `extraRemovals` are paths
 * (folders) to remove as well, for an import.
 *
 * Removals and writes are one transaction of the file service, many rows per statement: a
 * 2,000-file import is a few statements instead of thousands, and a change past the project's
 * storage quota is refused whole. Were it to fail, the synced commit has not moved yet, so the
 * next pull takes the same changes again.
 */
export async function applyRemoteChanges(
  deps: GitSyncDeps,
  options: {
    repository: ProjectRepository;
    ownerId: string;
    projectId: string;
    files: ProjectTree;
    take: ReadonlyMap<string, TreeEntry | null>;
    extraRemovals?: readonly string[];
  },
): Promise<AppliedChanges> {
  const { files, take } = options;
  const removals = new Map<string, FileState | null>();
  const writes = new Map<string, FileState>();
  const applied: AppliedChanges = { created: [], updated: [], deleted: [], heldBack: [] };
  const blobs = await options.repository.readBlobs(
    [...take].flatMap(([path, entry]) => (entry && canHold(path, entry.mode) ? [entry.oid] : [])),
  );
  for (const [path, entry] of take) {
    if (entry === null) {
      if (files.tree.has(path)) {
        removals.set(path, null);
        applied.deleted.push(path);
      }
      continue;
    }
    if (!canHold(path, entry.mode)) {
      applied.heldBack.push(path);
      continue;
    }
    const bytes = blobs.get(entry.oid)!;
    if (!canHoldBytes(bytes)) {
      applied.heldBack.push(path);
      continue;
    }
    const state = fileStateOf(path, bytes);
    writes.set(path, {
      ...state,
      mimeType:
        mimeTypeFromName(path) ??
        (state.content === null ? 'application/octet-stream' : 'text/plain'),
    });
    (files.tree.has(path) ? applied.updated : applied.created).push(path);
  }
  for (const path of options.extraRemovals ?? []) removals.set(path, null);
  for (const folder of emptiedFolders(files, applied, removals)) removals.set(folder, null);
  // A folder where a file now goes (the remote replaced one with the other) makes way for it.
  for (const folder of files.folders) {
    if (writes.has(folder) || ancestorsOf(folder).some((path) => writes.has(path))) {
      removals.set(folder, null);
    }
  }
  // One write, all of it or nothing: a pull past the project's storage quota changes nothing.
  const states = new Map<string, FileState | null>([...removals, ...writes]);
  if (states.size > 0) {
    await applyFileStates({
      storageCaps: deps.storageCaps,
      db: deps.db,
      userId: options.ownerId,
      projectId: options.projectId,
      states,
    });
  }
  return applied;
}

/** Folders whose every file the changes delete, and that keep no folder of their own. */
function emptiedFolders(
  files: ProjectTree,
  applied: AppliedChanges,
  removals: ReadonlyMap<string, FileState | null>,
): string[] {
  if (applied.deleted.length === 0) return [];
  const remaining = [
    ...[...files.tree.keys()].filter((path) => !removals.has(path)),
    ...applied.created,
  ];
  const candidates = new Set(applied.deleted.flatMap((path) => ancestorsOf(path)));
  const keptFolders = files.folders.filter((folder) => !candidates.has(folder));
  return [...candidates].filter(
    (folder) =>
      !remaining.some((path) => isInside(path, folder)) &&
      !keptFolders.some((kept) => isInside(kept, folder)),
  );
}

/** Paths of a tree as the project would hold them: what `canHold` accepts. */
export function holdablePaths(tree: FlatTree): Set<string> {
  return new Set([...tree].filter(([path, entry]) => canHold(path, entry.mode)).map(([p]) => p));
}
