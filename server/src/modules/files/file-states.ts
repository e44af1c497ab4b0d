import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fromHex, selectBytea } from '../../db/bytea';
import type { Database, DbOrTx } from '../../db/client';
import { files } from '../../db/schema';
import { getEditableProject } from '../projects';
import { mimeTypeFromName } from '../../lib/file-types';
import { ancestorsOf } from './paths';
import { byPath, lockProjectTree, touchProject } from './service';

/**
 * What is at a path of a project, whole: a folder, a text or the bytes of a binary file. The AI
 * agent's checkpoints keep these to put a project back as it was (modules/ai/checkpoints.ts).
 */
export interface FileState {
  isDirectory: boolean;
  content: string | null;
  data: Buffer | null;
  mimeType: string | null;
}

/** A short fingerprint of a state; null stands for "nothing at this path". */
export function digestOf(state: FileState | null): string | null {
  if (!state) return null;
  const hash = createHash('sha256');
  if (state.isDirectory) hash.update('folder');
  else if (state.content !== null) hash.update('text\0').update(state.content);
  else hash.update('bytes\0').update(state.data ?? Buffer.alloc(0));
  return hash.digest('base64url');
}

/** The states of `paths` in a project; a path with nothing at it is absent from the map. */
export async function readFileStates(
  db: DbOrTx,
  projectId: string,
  paths: readonly string[],
): Promise<Map<string, FileState>> {
  if (paths.length === 0) return new Map();
  const rows = await db
    .select({
      path: files.path,
      isDirectory: files.isDirectory,
      content: files.content,
      data: selectBytea(files.data),
      mimeType: files.mimeType,
    })
    .from(files)
    .where(and(eq(files.projectId, projectId), inArray(files.path, [...paths])));
  return new Map(
    rows.map((row) => [
      row.path,
      {
        isDirectory: row.isDirectory,
        content: row.content,
        data: fromHex(row.data),
        mimeType: row.mimeType,
      },
    ]),
  );
}

/** A path and everything under it, in path order (a folder's whole subtree). */
export async function listSubtree(db: DbOrTx, projectId: string, path: string): Promise<string[]> {
  const rows = await db
    .select({ path: files.path })
    .from(files)
    .where(
      and(
        eq(files.projectId, projectId),
        sql`(${files.path} = ${path} or starts_with(${files.path}, ${`${path}/`}))`,
      ),
    )
    .orderBy(byPath);
  return rows.map((row) => row.path);
}

/**
 * Puts paths of a project into the given states in one transaction: null removes what is there,
 * a folder is created if missing, a file is written (its version goes up, so an editor holding
 * it sees it changed). Folders the files need are created too.
 */
export async function applyFileStates(options: {
  db: Database;
  userId: string;
  projectId: string;
  states: ReadonlyMap<string, FileState | null>;
}): Promise<void> {
  const { db, projectId, states } = options;
  await getEditableProject(options);
  await db.transaction(async (tx) => {
    await lockProjectTree(tx, projectId);
    const removed = [...states].filter(([, state]) => state === null).map(([path]) => path);
    if (removed.length > 0) {
      await tx
        .delete(files)
        .where(and(eq(files.projectId, projectId), inArray(files.path, removed)));
    }
    const folders = new Set<string>();
    for (const [path, state] of states) {
      if (!state) continue;
      for (const folder of ancestorsOf(path)) folders.add(folder);
      if (state.isDirectory) folders.add(path);
    }
    if (folders.size > 0) {
      // A file may stand where a folder goes back; the folder wins, as it held files before.
      await tx
        .delete(files)
        .where(
          and(
            eq(files.projectId, projectId),
            inArray(files.path, [...folders]),
            eq(files.isDirectory, false),
          ),
        );
      await tx
        .insert(files)
        .values([...folders].map((path) => ({ projectId, path, isDirectory: true })))
        .onConflictDoNothing();
    }
    const now = new Date();
    for (const [path, state] of states) {
      if (!state || state.isDirectory) continue;
      const size =
        state.content !== null ? Buffer.byteLength(state.content) : (state.data?.length ?? 0);
      const values = {
        content: state.content,
        data: state.content === null ? (state.data ?? Buffer.alloc(0)) : null,
        mimeType: state.mimeType ?? mimeTypeFromName(path),
        size,
      };
      // A folder standing where the file goes back is replaced by it, with what it held.
      await tx
        .delete(files)
        .where(
          and(
            eq(files.projectId, projectId),
            sql`(${files.path} = ${path} and ${files.isDirectory})`,
          ),
        );
      await tx
        .insert(files)
        .values({ projectId, path, isDirectory: false, ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: [files.projectId, files.path],
          set: { ...values, version: sql`${files.version} + 1`, updatedAt: now },
        });
    }
    await touchProject(tx, projectId);
  });
}
