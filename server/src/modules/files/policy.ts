import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, projects } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { fileColumns, type FileView } from './presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileNotFound = () => notFound('File not found');

/**
 * A file of a project the user owns. Anyone else is told it does not exist, like
 * projects/policy.ts does for projects.
 */
export async function getOwnedFile(options: {
  db: DbOrTx;
  userId: string;
  fileId: string;
}): Promise<FileView> {
  if (!UUID.test(options.fileId)) throw fileNotFound();
  const [row] = await options.db
    .select(fileColumns)
    .from(files)
    .innerJoin(projects, eq(projects.id, files.projectId))
    .where(and(eq(files.id, options.fileId), eq(projects.ownerId, options.userId)))
    .limit(1);
  if (!row) throw fileNotFound();
  return row;
}

export function isFileId(value: string): boolean {
  return UUID.test(value);
}
