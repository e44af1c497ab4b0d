import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fromHex, selectBytea } from '../../db/bytea';
import type { Database, DbOrTx } from '../../db/client';
import { files } from './tables';
import { getEditableProject, withinStorageQuota, type StorageCaps } from '../projects';
import { mimeTypeFromName } from '../../lib/file-types';
import { ancestorsOf } from '../../lib/project-paths';
import { writeFileRows, type FileRowValues } from './file-rows';
import { fileEntryColumns, type FileEntryView } from './presenter';
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
 * Puts paths of a project into the given states in one transaction, within the project's
 * storage quota: all of it is saved, or nothing (StorageQuotaError). Null removes what is at a
 * path (that row alone), a folder is created if missing, a file is written (its version goes
 * up, so an editor holding it sees it changed). Folders the files need are created too. The
 * AI agents' Undo, Git and the workspace sync write this way; the sync keeps the ids and
 * versions this answers, one entry per path given a state.
 */
export async function applyFileStates(options: {
  db: Database;
  userId: string;
  storageCaps: StorageCaps;
  projectId: string;
  states: ReadonlyMap<string, FileState | null>;
}): Promise<FileEntryView[]> {
  const { db, userId, projectId, states } = options;
  await getEditableProject(options);
  const removed = [...states].filter(([, state]) => state === null).map(([path]) => path);
  const folders = new Set<string>();
  const written: FileRowValues[] = [];
  for (const [path, state] of states) {
    if (!state) continue;
    for (const folder of ancestorsOf(path)) folders.add(folder);
    if (state.isDirectory) folders.add(path);
    else written.push(fileRowOf(path, state));
  }
  const kept = [...states].filter(([, state]) => state !== null).map(([path]) => path);

  return db.transaction(async (tx) => {
    await lockProjectTree(tx, projectId);
    await withinStorageQuota(
      tx,
      { project: projectId, writerId: userId, caps: options.storageCaps },
      async () => {
        await deletePaths(tx, projectId, removed);
        // A file may stand where a folder goes; the folder wins, as it holds files.
        await deletePaths(tx, projectId, [...folders], eq(files.isDirectory, false));
        // A folder standing where a file goes is replaced by it (its row alone).
        await deletePaths(
          tx,
          projectId,
          written.map((file) => file.path),
          eq(files.isDirectory, true),
        );
        await writeFileRows(tx, projectId, [...folders], written);
      },
    );
    await touchProject(tx, projectId);
    return readEntries(tx, projectId, kept);
  });
}

/** Rows per statement when a statement names paths, well under PostgreSQL's bind limit. */
const PATHS_PER_STATEMENT = 1000;

function* pathChunks(paths: readonly string[]): Generator<string[]> {
  for (let start = 0; start < paths.length; start += PATHS_PER_STATEMENT) {
    yield paths.slice(start, start + PATHS_PER_STATEMENT);
  }
}

async function deletePaths(tx: DbOrTx, projectId: string, paths: string[], only?: SQL) {
  for (const chunk of pathChunks(paths)) {
    await tx
      .delete(files)
      .where(and(eq(files.projectId, projectId), inArray(files.path, chunk), only));
  }
}

async function readEntries(tx: DbOrTx, projectId: string, paths: string[]) {
  const entries: FileEntryView[] = [];
  for (const chunk of pathChunks(paths)) {
    entries.push(
      ...(await tx
        .select(fileEntryColumns)
        .from(files)
        .where(and(eq(files.projectId, projectId), inArray(files.path, chunk)))),
    );
  }
  return entries;
}

function fileRowOf(path: string, state: FileState): FileRowValues {
  const isText = state.content !== null;
  const data = isText ? null : (state.data ?? Buffer.alloc(0));
  return {
    path,
    content: state.content,
    data,
    mimeType: state.mimeType ?? mimeTypeFromName(path),
    size: isText ? Buffer.byteLength(state.content ?? '') : (data?.length ?? 0),
  };
}
