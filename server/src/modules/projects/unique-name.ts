import { PROJECT_NAME_MAX } from '@kiln/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from './tables';

/** "Todo (2)": a name already numbered is counted on from its base, not numbered twice. */
const NUMBERED = /^(.+) \((\d+)\)$/;
/** Room kept for the longest suffix a user could reach, " (9999999)", when trimming a base. */
const SUFFIX_ROOM = 10;

/**
 * `wanted` if no name in `taken` is the same, else the first of "wanted (2)", "wanted (3)"… that
 * is free, its base shortened so it stays within the name limit. Exact comparison: "todo" and
 * "Todo" are different names.
 */
export function firstFreeName(
  wanted: string,
  taken: ReadonlySet<string>,
  max = PROJECT_NAME_MAX,
): string {
  if (!taken.has(wanted)) return wanted;
  const base = NUMBERED.exec(wanted)?.[1] ?? wanted;
  for (let number = 2; ; number += 1) {
    const suffix = ` (${number})`;
    const candidate = `${base.slice(0, max - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The name a project of this owner gets when `wanted` is asked for (see firstFreeName).
 * Call it inside the transaction holding the owner's project lock, so two requests at once
 * cannot both take the same name. `exceptProjectId` is the project being renamed: keeping its
 * own name is no clash.
 */
export async function uniqueProjectName(
  db: DbOrTx,
  options: { ownerId: string; wanted: string; exceptProjectId?: string },
): Promise<string> {
  const { ownerId, wanted, exceptProjectId } = options;
  // Every candidate starts with this much of the wanted name, so only those rows are read.
  const base = NUMBERED.exec(wanted)?.[1] ?? wanted;
  const prefix = base.slice(0, PROJECT_NAME_MAX - SUFFIX_ROOM).trimEnd();
  const rows = await db
    .select({ name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.ownerId, ownerId),
        sql`starts_with(${projects.name}, ${prefix})`,
        exceptProjectId ? ne(projects.id, exceptProjectId) : undefined,
      ),
    );
  return firstFreeName(wanted, new Set(rows.map((row) => row.name)));
}
