import { buildTreeObjects, changedPaths, MODE, type FlatTree } from './git-objects';
import type { PackObject } from './pack';
import type { ProjectTree } from './project-files';
import type { CommitAuthor, ProjectRepository } from './repository';

export interface ProjectCommit {
  commit: string;
  /** The blobs and trees it wrote, by id, for a push to send without reading them back. */
  objects: Map<string, PackObject>;
  /** The commit's whole tree. */
  tree: FlatTree;
  /** Paths it changes against `base`. */
  changed: string[];
}

/**
 * The project's files as the tree of a commit on `parents`: blob by blob from the database
 * (binary files byte for byte), what `base` holds back carried over, and the executable bit
 * kept where `base` had it (Kiln's files have no modes). Only blobs `base` lacks are written.
 */
export function composeTree(files: ProjectTree, base: FlatTree, held: FlatTree): FlatTree {
  const tree: FlatTree = new Map();
  for (const [path, entry] of files.tree) {
    const executable = base.get(path)?.mode === MODE.executable;
    tree.set(path, { mode: executable ? MODE.executable : MODE.file, oid: entry.oid });
  }
  for (const [path, entry] of held) tree.set(path, entry);
  return tree;
}

export async function commitProjectFiles(options: {
  repository: ProjectRepository;
  files: ProjectTree;
  base: FlatTree;
  held: FlatTree;
  parents: string[];
  message: string;
  author: CommitAuthor;
}): Promise<ProjectCommit> {
  const { repository, files, base } = options;
  const tree = composeTree(files, base, options.held);
  const known = new Set([...base.values()].map((entry) => entry.oid));
  const blobs = new Map<string, string>();
  for (const [path, entry] of files.tree) {
    if (!known.has(entry.oid) && !blobs.has(entry.oid)) blobs.set(entry.oid, path);
  }
  const contents = await files.bytesOf([...blobs.values()]);
  const objects = new Map<string, PackObject>();
  for (const [oid, path] of blobs)
    objects.set(oid, { type: 'blob', oid, content: contents.get(path)! });
  const { root, trees } = buildTreeObjects(tree);
  for (const { oid, content } of trees) objects.set(oid, { type: 'tree', oid, content });
  await repository.writeObjects(objects.values());
  const commit = await repository.writeCommit({
    tree: root,
    parents: options.parents,
    message: options.message,
    author: options.author,
  });
  repository.rememberTree(commit, tree);
  return { commit, objects, tree, changed: changedPaths(base, tree) };
}
