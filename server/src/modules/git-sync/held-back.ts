import { ancestorsOf } from '../../lib/project-paths';
import type { FlatTree } from './git-objects';
import { FILE_LIMITS } from '@kiln/shared';
import { canHold } from './project-files';
import type { ProjectRepository } from './repository';

/**
 * The entries of a commit that the project does not have because Kiln cannot hold them
 * (links, submodules, paths the file service refuses, files larger than an upload may add),
 * as opposed to files the person deleted. They stay in the repository: a push carries them
 * over, and a merge counts them as unchanged on Kiln's side.
 */
export async function heldBackEntries(
  repository: ProjectRepository,
  commitTree: FlatTree,
  projectTree: FlatTree,
): Promise<FlatTree> {
  const projectFolders = new Set<string>();
  for (const path of projectTree.keys()) {
    for (const folder of ancestorsOf(path)) projectFolders.add(folder);
  }
  const held: FlatTree = new Map();
  for (const [path, entry] of commitTree) {
    if (projectTree.has(path)) continue;
    // Something of the project's own stands where it would go.
    if (projectFolders.has(path) || ancestorsOf(path).some((folder) => projectTree.has(folder))) {
      continue;
    }
    if (
      !canHold(path, entry.mode) ||
      (await repository.blobSize(entry.oid)) > FILE_LIMITS.binaryBytes
    ) {
      held.set(path, entry);
    }
  }
  return held;
}

/** The project's tree with what the commit holds back, as a merge compares them. */
export function withHeldBack(projectTree: FlatTree, held: FlatTree): FlatTree {
  if (held.size === 0) return projectTree;
  return new Map([...projectTree, ...held]);
}
