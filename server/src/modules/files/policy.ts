import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from './tables';
import { AppError, notFound } from '../../lib/app-error';
import { getProjectFor, type ProjectNeed } from '../projects';
import { fileColumns, type FileView } from './presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileNotFound = () => notFound('File not found');

/**
 * A file of a project the person may read or change (`need`), checked by projects' policy.
 * Someone outside the project is told the file does not exist, as for projects.
 */
export async function getFileFor(options: {
  db: DbOrTx;
  userId: string;
  fileId: string;
  need: ProjectNeed;
}): Promise<FileView> {
  if (!UUID.test(options.fileId)) throw fileNotFound();
  const [row] = await options.db
    .select(fileColumns)
    .from(files)
    .where(eq(files.id, options.fileId))
    .limit(1);
  if (!row) throw fileNotFound();
  try {
    await getProjectFor({ ...options, projectId: row.projectId });
  } catch (error) {
    // Not in the project: the file does not exist for this person either.
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw fileNotFound();
    }
    throw error;
  }
  return row;
}

export function isFileId(value: string): boolean {
  return UUID.test(value);
}
