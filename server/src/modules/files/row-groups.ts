import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from './tables';

/**
 * A project's rows (files and folders) fall into this many groups by a hash of their path, so a
 * reader that keeps what it last read of a project can ask which groups changed since, and read
 * again only those, instead of the whole project (Git sync reads a project this way before
 * every push and pull: modules/git-sync/project-files.ts).
 */
export const ROW_GROUPS = 64;

const groupOf = sql<number>`(hashtext(${files.path}) & ${sql.raw(String(ROW_GROUPS - 1))})`;

/**
 * A fingerprint of each non-empty group: the MD5 of every row's id, version, kind, time and
 * path. A write changes its row's version and time, a move its path, a deletion or a creation
 * the group's rows, so any of them changes the group's fingerprint. No access check: the
 * caller has made it.
 */
export async function fingerprintRowGroups(
  db: DbOrTx,
  projectId: string,
): Promise<Map<number, string>> {
  // The path's length first, so no path can pass for the end of one row and the start of another.
  const row = sql`concat_ws(':', ${files.id}, ${files.version}, ${files.isDirectory}, ${files.updatedAt}, length(${files.path}), ${files.path})`;
  const rows = await db
    .select({
      group: groupOf.mapWith(Number),
      digest: sql<string>`md5(string_agg(${row}, '/' order by ${files.id}))`,
    })
    .from(files)
    .where(eq(files.projectId, projectId))
    .groupBy(groupOf);
  return new Map(rows.map((entry) => [entry.group, entry.digest]));
}

/** A row as a group lists it: enough to tell whether it changed, without its content. */
export interface GroupedRow {
  group: number;
  id: string;
  path: string;
  isDirectory: boolean;
  version: number;
  updatedAt: Date;
}

/** The rows of the given groups of a project (every row when `groups` is null). */
export async function listRowGroups(
  db: DbOrTx,
  projectId: string,
  groups: readonly number[] | null,
): Promise<GroupedRow[]> {
  if (groups?.length === 0) return [];
  return db
    .select({
      group: groupOf.mapWith(Number),
      id: files.id,
      path: files.path,
      isDirectory: files.isDirectory,
      version: files.version,
      updatedAt: files.updatedAt,
    })
    .from(files)
    .where(
      and(
        eq(files.projectId, projectId),
        groups === null ? undefined : inArray(groupOf, [...groups]),
      ),
    );
}
