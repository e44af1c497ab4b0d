import { createHash } from 'node:crypto';

/** Git's modes for what a tree holds. */
export const MODE = {
  file: '100644',
  executable: '100755',
  symlink: '120000',
  submodule: '160000',
  tree: '40000',
} as const;

/** A blob (or a submodule's commit) at a path of a commit, with its mode. */
export interface TreeEntry {
  mode: string;
  oid: string;
}

/** A commit's whole tree as `path -> entry`, folders implied by the paths (Git has no empty ones). */
export type FlatTree = Map<string, TreeEntry>;

/** A tree object ready to be written: its id and its bytes as Git stores them (unwrapped). */
export interface TreeObject {
  oid: string;
  content: Buffer;
}

/** The id Git gives an object: SHA-1 of `<type> <length>\0<content>`. */
export function objectId(type: 'blob' | 'tree' | 'commit', content: Buffer): string {
  return createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest('hex');
}

export const blobId = (content: Buffer) => objectId('blob', content);

interface Folder {
  files: Map<string, TreeEntry>;
  folders: Map<string, Folder>;
}

/**
 * The tree objects of a flat tree, children before parents, the root last. Entries are sorted as
 * Git sorts them (bytes of the name, a folder's name as if it ended in "/"), so the ids are the
 * ones the `git` command line would compute for the same files.
 */
export function buildTreeObjects(flat: FlatTree): { root: string; trees: TreeObject[] } {
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const [path, entry] of flat) {
    const parts = path.split('/');
    const name = parts.pop()!;
    let folder = root;
    for (const part of parts) {
      let child = folder.folders.get(part);
      if (!child) {
        child = { files: new Map(), folders: new Map() };
        folder.folders.set(part, child);
      }
      folder = child;
    }
    folder.files.set(name, entry);
  }
  const trees: TreeObject[] = [];
  const write = (folder: Folder): string => {
    const entries: { name: Buffer; sortKey: Buffer; mode: string; oid: string }[] = [];
    for (const [name, child] of folder.folders) {
      const bytes = Buffer.from(name, 'utf8');
      const oid = write(child);
      entries.push({ name: bytes, sortKey: Buffer.concat([bytes, SLASH]), mode: MODE.tree, oid });
    }
    for (const [name, entry] of folder.files) {
      const bytes = Buffer.from(name, 'utf8');
      entries.push({ name: bytes, sortKey: bytes, mode: entry.mode, oid: entry.oid });
    }
    entries.sort((a, b) => Buffer.compare(a.sortKey, b.sortKey));
    const content = Buffer.concat(
      entries.flatMap((entry) => [
        Buffer.from(`${entry.mode} `),
        entry.name,
        NUL,
        Buffer.from(entry.oid, 'hex'),
      ]),
    );
    const oid = objectId('tree', content);
    trees.push({ oid, content });
    return oid;
  };
  return { root: write(root), trees };
}

const SLASH = Buffer.from('/');
const NUL = Buffer.from([0]);

/**
 * The paths whose content differs between two trees (added, changed or removed), in order.
 * Modes are not compared: Kiln's files have none, and a commit keeps those it builds on.
 */
export function changedPaths(before: FlatTree, after: FlatTree): string[] {
  const changed = new Set<string>();
  for (const [path, entry] of after) {
    if (before.get(path)?.oid !== entry.oid) changed.add(path);
  }
  for (const path of before.keys()) if (!after.has(path)) changed.add(path);
  return [...changed].sort();
}

export const EMPTY_TREE: FlatTree = new Map();

/** The entries of a tree object as Git stores it: `<mode> <name>\0<20-byte id>`, repeated. */
export function parseTree(content: Buffer): { mode: string; name: string; oid: string }[] {
  const entries: { mode: string; name: string; oid: string }[] = [];
  let offset = 0;
  while (offset < content.length) {
    const space = content.indexOf(0x20, offset);
    const nul = content.indexOf(0, space);
    entries.push({
      mode: content.subarray(offset, space).toString('latin1'),
      name: content.subarray(space + 1, nul).toString('utf8'),
      oid: content.subarray(nul + 1, nul + 21).toString('hex'),
    });
    offset = nul + 21;
  }
  return entries;
}
