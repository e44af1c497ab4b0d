import type { FlatTree, TreeEntry } from './git-objects';

export interface MergeOutcome {
  /** What the project must take from the remote: an entry to write, or null to delete. */
  take: Map<string, TreeEntry | null>;
  /** Paths changed differently on both sides since the base. */
  conflicts: string[];
}

/**
 * A three-way merge by whole files against the last synced commit (`base`): a path changed on
 * one side only takes that side; changed the same way on both, nothing is to do; changed
 * differently on both (a deletion counts as a change), it is a conflict. An empty base (a
 * project linked to a repository it never synced with) makes every difference a conflict and
 * every file only one side has, that side's.
 */
export function mergeTrees(base: FlatTree, local: FlatTree, remote: FlatTree): MergeOutcome {
  const take = new Map<string, TreeEntry | null>();
  const conflicts: string[] = [];
  const paths = new Set([...base.keys(), ...local.keys(), ...remote.keys()]);
  for (const path of paths) {
    const ours = local.get(path)?.oid ?? null;
    const theirs = remote.get(path)?.oid ?? null;
    if (ours === theirs) continue;
    const original = base.get(path)?.oid ?? null;
    if (ours === original) take.set(path, remote.get(path) ?? null);
    else if (theirs === original) continue;
    else conflicts.push(path);
  }
  conflicts.sort();
  return { take, conflicts };
}
