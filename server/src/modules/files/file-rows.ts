import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from './tables';
import { batches } from '../../lib/batches';
import { fileColumns, type FileView } from './presenter';

/** A file's row as a write brings it: text in `content`, anything else in `data`. */
export interface FileRowValues {
  path: string;
  content: string | null;
  data: Buffer | null;
  mimeType: string | null;
  size: number;
}

/** Inserts folder rows; a folder already there stays as it is. */
export async function insertFolders(tx: DbOrTx, projectId: string, paths: string[]) {
  if (paths.length === 0) return;
  for (const batch of batches(paths.map((path) => ({ path, size: 0 })))) {
    await tx
      .insert(files)
      .values(batch.map(({ path }) => ({ projectId, path, isDirectory: true })))
      .onConflictDoNothing();
  }
}

/**
 * Inserts folders, then creates or overwrites files (an overwritten file's version goes up),
 * many rows per statement, so a 2,000-file import is a few statements. No folder may stand at
 * a file's path: the caller refuses or removes it first.
 */
export async function writeFileRows(
  tx: DbOrTx,
  projectId: string,
  folders: string[],
  incoming: FileRowValues[],
): Promise<FileView[]> {
  await insertFolders(tx, projectId, folders);
  const written: FileView[] = [];
  for (const batch of batches(incoming)) {
    const now = new Date();
    written.push(
      ...(await tx
        .insert(files)
        .values(batch.map((file) => ({ projectId, ...file, updatedAt: now })))
        .onConflictDoUpdate({
          target: [files.projectId, files.path],
          set: {
            content: sql`excluded.content`,
            data: sql`excluded.data`,
            mimeType: sql`excluded.mime_type`,
            size: sql`excluded.size`,
            version: sql`${files.version} + 1`,
            updatedAt: now,
          },
        })
        .returning(fileColumns)),
    );
  }
  return written;
}
