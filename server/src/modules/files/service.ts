import { FILE_LIMITS, pickInitialFile, type CreateFileInputSchema } from '@kiln/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fromHex, selectBytea } from '../../db/bytea';
import type { Database, DbOrTx } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { files } from './tables';
import { projects } from '../projects/tables';
import { AppError } from '../../lib/app-error';
import {
  editableProjectIds,
  getEditableProject,
  fitsStorageQuota,
  getReadableProject,
  storageLockStep,
  storageQuotaError,
  withinStorageQuota,
  type StorageCaps,
} from '../projects';
import { mimeTypeFromName } from '../../lib/file-types';
import { formatBytes } from '../../lib/format';
import { insertFolders, writeFileRows, type FileRowValues } from './file-rows';
import { ancestorsOf, isInside } from '../../lib/project-paths';
import { fileNotFound, getFileFor, isFileId } from './policy';
import { fileColumns, fileEntryColumns, type FileEntryView, type FileView } from './presenter';

type CreateFileValues = z.output<typeof CreateFileInputSchema>;

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

export const alreadyExists = (path: string) =>
  new AppError('CONFLICT', `A file or folder named ${path} already exists`);

export const insideFile = (path: string, file: string) =>
  new AppError('CONFLICT', `${path} cannot go inside ${file}: ${file} is a file, not a folder`);

export const textTooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: the limit is ${formatBytes(FILE_LIMITS.textBytes)} of text`,
  );

/** Paths in byte order, the same on PGlite and on PostgreSQL whatever its locale. */
export const byPath = sql`${files.path} collate "C"`;

/** Rows under a folder. Not LIKE: paths may contain % and _. */
const under = (folder: string) => sql`starts_with(${files.path}, ${`${folder}/`})`;

/**
 * Serialises changes to a project's tree (create, move, delete, upload), so the checks that a
 * path is free and its parents are folders still hold when the write lands. Saves do not take it.
 */
export async function lockProjectTree(tx: DbOrTx, projectId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${projectId}`}))`);
}

type ProjectFilesListener = (projectId: string) => void;
const projectFilesListeners = new Set<ProjectFilesListener>();

/**
 * Hears every change to a project's files (each write ends in touchProject, a save in its
 * statement's touch), for work that follows a save, such as Git auto-sync's push. The listener
 * may run inside the writing transaction, before it commits: it must start its work without
 * waiting on the database.
 * Answers the function that stops it.
 */
export function onProjectFilesChanged(listener: ProjectFilesListener): () => void {
  projectFilesListeners.add(listener);
  return () => projectFilesListeners.delete(listener);
}

/** Editing a file is editing its project: it moves up the dashboard's "Recently Updated". */
export async function touchProject(db: DbOrTx, projectId: string) {
  await db.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
  announceFilesChanged(projectId);
}

function announceFilesChanged(projectId: string) {
  for (const listener of projectFilesListeners) listener(projectId);
}

/** The rows at `paths`, each path mapped to whether it is a folder (true) or a file (false). */
async function loadTree(tx: DbOrTx, projectId: string, paths: string[]) {
  const rows = await tx
    .select({ path: files.path, isDirectory: files.isDirectory })
    .from(files)
    .where(and(eq(files.projectId, projectId), inArray(files.path, paths)));
  return new Map(rows.map((row) => [row.path, row.isDirectory]));
}

/**
 * Checks that `path` can be created: nothing is there yet (a folder implied by the paths of its
 * files counts), and no folder on the way is a file. Answers the folders on the way that have no
 * row yet, for the caller to create so the tree shows them.
 */
async function checkNewPath(tx: DbOrTx, projectId: string, path: string): Promise<string[]> {
  const ancestors = ancestorsOf(path);
  const existing = await loadTree(tx, projectId, [...ancestors, path]);
  if (existing.has(path)) throw alreadyExists(path);
  const file = ancestors.find((ancestor) => existing.get(ancestor) === false);
  if (file) throw insideFile(path, file);
  const [child] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.projectId, projectId), under(path)))
    .limit(1);
  if (child) throw alreadyExists(path);
  return ancestors.filter((ancestor) => !existing.has(ancestor));
}

/** Another writer got there between our check and our insert. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown }).cause) === '23505';
}

/** Every file and folder of a project the person may read, in path order, without their content. */
export async function listFiles(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<FileEntryView[]> {
  const { db, projectId } = options;
  await getReadableProject(options);
  return db
    .select(fileEntryColumns)
    .from(files)
    .where(eq(files.projectId, projectId))
    .orderBy(byPath);
}

/**
 * Every file and folder of a project the person may read, in path order, each with its content (null
 * for folders and binary files, whose bytes are left out as in every answer about one file).
 */
export async function listFilesWithContent(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<FileView[]> {
  const { db, projectId } = options;
  await getReadableProject(options);
  return db.select(fileColumns).from(files).where(eq(files.projectId, projectId)).orderBy(byPath);
}

/** One file of a project the person may read, with its content, by path: the file being opened. */
export async function getFile(options: {
  db: Database;
  userId: string;
  projectId: string;
  path: string;
}): Promise<FileView> {
  await getReadableProject(options);
  const file = await getFileByPath(options);
  if (!file) throw fileNotFound();
  if (file.isDirectory) throw invalid(`${file.path} is a folder`);
  return file;
}

/**
 * The file the editor opens first (pickInitialFile), with its content, or null for a project
 * without files. The editor asks for it alongside the file list, so the first file does not
 * wait for the list to arrive before its text is requested.
 */
export async function getInitialFile(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<FileView | null> {
  const { db, projectId } = options;
  await getReadableProject(options);
  const documents = await db
    .select({ path: files.path, isDirectory: files.isDirectory })
    .from(files)
    .where(and(eq(files.projectId, projectId), eq(files.isDirectory, false)));
  const first = pickInitialFile(documents);
  return first ? getFileByPath({ db, projectId, path: first.path }) : null;
}

/** One file of a project by its path, or null; access must have been checked by the caller. */
export async function getFileByPath(options: {
  db: DbOrTx;
  projectId: string;
  path: string;
}): Promise<FileView | null> {
  const [row] = await preparedFor(options.db, 'kiln_file_by_path', fileByPathQuery).execute({
    projectId: options.projectId,
    path: options.path,
  });
  return row ?? null;
}

/** The editor opens a file by its path on every switch of tab, so the read is prepared once. */
function fileByPathQuery(db: DbOrTx, name: string) {
  return db
    .select(fileColumns)
    .from(files)
    .where(
      and(
        eq(files.projectId, sql.placeholder('projectId')),
        eq(files.path, sql.placeholder('path')),
      ),
    )
    .limit(1)
    .prepare(name);
}

/** A file's bytes with its type, for the raw route (images in the editor). */
export async function getFileBytes(options: {
  db: Database;
  userId: string;
  projectId: string;
  path: string;
}): Promise<{ bytes: Buffer; mimeType: string; isText: boolean }> {
  const { db, projectId, path } = options;
  await getReadableProject(options);
  const [row] = await db
    .select({
      isDirectory: files.isDirectory,
      content: files.content,
      data: selectBytea(files.data),
      mimeType: files.mimeType,
    })
    .from(files)
    .where(and(eq(files.projectId, projectId), eq(files.path, path)))
    .limit(1);
  if (!row) throw fileNotFound();
  if (row.isDirectory) throw invalid(`${path} is a folder`);
  const isText = row.content !== null;
  const bytes = isText
    ? Buffer.from(row.content ?? '', 'utf8')
    : (fromHex(row.data) ?? Buffer.alloc(0));
  const mimeType =
    row.mimeType ?? mimeTypeFromName(path) ?? (isText ? 'text/plain' : 'application/octet-stream');
  return { bytes, mimeType, isText };
}

/** Creates a file or folder, and the folders on its way that have no row yet. */
export async function createFile(options: {
  db: Database;
  userId: string;
  storageCaps: StorageCaps;
  input: CreateFileValues;
}): Promise<FileView> {
  const { db, userId, input } = options;
  if (input.isDirectory && input.content !== '') throw invalid('A folder has no content');
  if (Buffer.byteLength(input.content) > FILE_LIMITS.textBytes) throw textTooLarge();
  const { projectId, path } = input;
  await getEditableProject({ db, userId, projectId });
  try {
    return await db.transaction(async (tx) => {
      await lockProjectTree(tx, projectId);
      const row = await withinStorageQuota(
        tx,
        { project: projectId, writerId: userId, caps: options.storageCaps },
        async () => {
          await insertFolders(tx, projectId, await checkNewPath(tx, projectId, path));
          const [inserted] = await tx
            .insert(files)
            .values({
              projectId,
              path,
              isDirectory: input.isDirectory,
              content: input.isDirectory ? null : input.content,
              mimeType: input.isDirectory ? null : mimeTypeFromName(path),
              size: input.isDirectory ? 0 : Buffer.byteLength(input.content),
            })
            .returning(fileColumns);
          if (!inserted) throw new Error('file insert returned nothing');
          return inserted;
        },
      );
      await touchProject(tx, projectId);
      return row;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? alreadyExists(path) : error;
  }
}

export type SaveOutcome = { saved: true; file: FileView } | { saved: false; current: FileView };

/**
 * Saves a text file's content. With `baseVersion`, the write happens only if the file is still
 * at that version (checked and written in one statement); otherwise nothing changes and the
 * caller gets the file as it is now, so no edit is lost. Without it, the last write wins.
 *
 * A save is the editor's hottest call, so it is one statement: it locks the project's storage
 * totals, writes the file if the writer may, the version matches and the growth fits the
 * quota, and touches the project; someone who may not change the file locks nothing and
 * writes nothing. One round trip to the database, where a transaction of the same steps took
 * six, each holding the embedded database for everyone else meanwhile.
 */
export async function saveFileContent(options: {
  db: Database;
  userId: string;
  storageCaps: StorageCaps;
  fileId: string;
  content: string;
  baseVersion?: number | undefined;
}): Promise<SaveOutcome> {
  const { db, userId, fileId, content, baseVersion } = options;
  const size = Buffer.byteLength(content);
  if (size > FILE_LIMITS.textBytes) throw textTooLarge();
  if (!isFileId(fileId)) throw fileNotFound();

  const now = new Date();
  const projectOfFile = db
    .select({ id: files.projectId })
    .from(files)
    .where(and(eq(files.id, fileId), inArray(files.projectId, editableProjectIds(db, userId))));
  const storage = storageLockStep(db, sql`(${projectOfFile})`);
  const growth = sql`(${size}::integer - ${files.size})`;
  const written = db.$with('written').as(
    db
      .update(files)
      .set({
        content,
        size,
        version: sql`${files.version} + 1`,
        updatedAt: now,
        // The text's trigrams reach the search index in the background (search-index-job.ts),
        // which compares this server's clock with this mark and updatedAt: both from `now`.
        searchStaleSince: sql`coalesce(${files.searchStaleSince}, ${now.toISOString()}::timestamptz)`,
      })
      .from(storage)
      .where(
        and(
          eq(files.id, fileId),
          eq(files.projectId, storage.projectId),
          eq(files.isDirectory, false),
          isNotNull(files.content),
          baseVersion === undefined ? undefined : eq(files.version, baseVersion),
          fitsStorageQuota(
            { plan: storage.plan, used: storage.bytes },
            'bytes',
            growth,
            options.storageCaps,
          ),
        ),
      )
      .returning(fileColumns),
  );
  const touched = db.$with('touched').as(
    db
      .update(projects)
      .set({ updatedAt: now })
      .where(inArray(projects.id, db.select({ id: written.projectId }).from(written)))
      .returning({ id: projects.id }),
  );
  const [outcome] = await db
    .with(storage, written, touched)
    .select({
      storage: {
        projectId: storage.projectId,
        ownerId: storage.ownerId,
        plan: storage.plan,
        bytes: storage.bytes,
        entries: storage.entries,
      },
      file: {
        id: written.id,
        projectId: written.projectId,
        path: written.path,
        isDirectory: written.isDirectory,
        content: written.content,
        mimeType: written.mimeType,
        size: written.size,
        version: written.version,
        updatedAt: written.updatedAt,
      },
    })
    .from(storage)
    .leftJoin(written, sql`true`);
  if (outcome?.file) {
    announceFilesChanged(outcome.file.projectId);
    return { saved: true, file: outcome.file };
  }

  // Nothing was written: say why.
  const current = await getFileFor({ db, userId, fileId, need: 'write' });
  if (current.isDirectory) throw invalid(`${current.path} is a folder: it has no content to save`);
  if (current.content === null) {
    throw invalid(`${current.path} is a binary file: it cannot be saved as text`);
  }
  if (outcome && (baseVersion === undefined || baseVersion === current.version)) {
    const needed = size - current.size;
    if (needed > 0) {
      throw storageQuotaError(
        outcome.storage,
        { measure: 'bytes', needed },
        userId,
        options.storageCaps,
      );
    }
  }
  return { saved: false, current };
}

/**
 * Renames or moves a file or folder; a folder takes everything under it along, in one
 * transaction. The destination must be free and its folders must not be files.
 */
export async function moveFile(options: {
  db: Database;
  userId: string;
  storageCaps: StorageCaps;
  fileId: string;
  path: string;
}): Promise<FileView> {
  const { db, userId, fileId, path } = options;
  try {
    return await db.transaction(async (tx) => {
      const { projectId } = await getFileFor({ db: tx, userId, fileId, need: 'write' });
      await lockProjectTree(tx, projectId);
      // Read again under the lock: a move that was running may have changed its path.
      const file = await getFileFor({ db: tx, userId, fileId, need: 'write' });
      if (path === file.path) return file;
      if (file.isDirectory && isInside(path, file.path)) {
        throw invalid(`A folder cannot be moved into itself (${file.path} to ${path})`);
      }
      // A move adds the folders on its way that have no row yet.
      const moved = await withinStorageQuota(
        tx,
        { project: projectId, writerId: userId, caps: options.storageCaps },
        async () => {
          await insertFolders(tx, projectId, await checkNewPath(tx, projectId, path));
          const now = new Date();
          if (file.isDirectory) {
            await tx
              .update(files)
              .set({
                path: sql`${path} || substr(${files.path}, length(${file.path}) + 1)`,
                updatedAt: now,
              })
              .where(and(eq(files.projectId, projectId), under(file.path)));
          }
          const [row] = await tx
            .update(files)
            .set({ path, updatedAt: now })
            .where(eq(files.id, file.id))
            .returning(fileColumns);
          if (!row) throw fileNotFound();
          return row;
        },
      );
      await touchProject(tx, projectId);
      return moved;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? alreadyExists(path) : error;
  }
}

/** Deletes a file, or a folder with everything under it, in one transaction. */
export async function deleteFile(options: {
  db: Database;
  userId: string;
  storageCaps: StorageCaps;
  fileId: string;
}): Promise<FileView> {
  const { db, userId, fileId } = options;
  return db.transaction(async (tx) => {
    const { projectId } = await getFileFor({ db: tx, userId, fileId, need: 'write' });
    await lockProjectTree(tx, projectId);
    const file = await getFileFor({ db: tx, userId, fileId, need: 'write' });
    // A deletion always fits; it takes the storage lock for the lock order alone.
    await withinStorageQuota(
      tx,
      { project: projectId, writerId: userId, caps: options.storageCaps },
      () =>
        tx
          .delete(files)
          .where(
            file.isDirectory
              ? and(
                  eq(files.projectId, projectId),
                  sql`(${files.id} = ${file.id} or ${under(file.path)})`,
                )
              : eq(files.id, file.id),
          ),
    );
    await touchProject(tx, projectId);
    return file;
  });
}

/** A file as an upload brings it: text in `content`, anything else in `data`. */
export interface NewProjectFile extends FileRowValues {
  mimeType: string;
}

/**
 * Writes uploaded files into a project in one transaction: new paths are created with their
 * folders, existing files are overwritten (their version goes up). A path that is a folder, or
 * lies inside a file, refuses the whole upload.
 */
export async function writeUploadedFiles(options: {
  db: Database;
  userId: string;
  storageCaps: StorageCaps;
  projectId: string;
  files: NewProjectFile[];
}): Promise<FileView[]> {
  const { db, userId, projectId } = options;
  await getEditableProject({ db, userId, projectId });
  // The last of two parts with one path wins, as it would on disk.
  const incoming = [...new Map(options.files.map((file) => [file.path, file])).values()];
  const incomingPaths = new Set(incoming.map((file) => file.path));

  return db.transaction(async (tx) => {
    await lockProjectTree(tx, projectId);
    const rows = await tx
      .select({ path: files.path, isDirectory: files.isDirectory })
      .from(files)
      .where(eq(files.projectId, projectId));
    const existing = new Map(rows.map((row) => [row.path, row.isDirectory]));
    const folders = new Set(rows.filter((row) => row.isDirectory).map((row) => row.path));
    for (const row of rows) for (const folder of ancestorsOf(row.path)) folders.add(folder);

    const newFolders = new Set<string>();
    for (const file of incoming) {
      if (folders.has(file.path)) {
        throw new AppError(
          'CONFLICT',
          `A folder named ${file.path} already exists: a file cannot replace it`,
        );
      }
      for (const folder of ancestorsOf(file.path)) {
        if (existing.get(folder) === false) throw insideFile(file.path, folder);
        if (incomingPaths.has(folder)) {
          throw invalid(`The upload has both a file ${folder} and ${file.path} inside it`);
        }
        if (!existing.has(folder)) newFolders.add(folder);
      }
    }
    const written = await withinStorageQuota(
      tx,
      { project: projectId, writerId: userId, caps: options.storageCaps },
      () => writeFileRows(tx, projectId, [...newFolders], incoming),
    );
    await touchProject(tx, projectId);
    return written.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  });
}
