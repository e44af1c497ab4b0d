import { UPLOAD_LIMITS, type SubscriptionPlan, type UploadedFile } from '@kiln/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { fromHex, selectBytea } from '../../db/bytea';
import { uploadEntries, uploads } from './tables';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { isTextFile, isZipUpload, mimeTypeFromName } from '../../lib/file-types';
import { formatBytes } from '../../lib/format';
import { batches } from '../../lib/batches';
import { presentUpload } from './presenter';
import { makeRoomForUpload } from './staged-budget';
import { extractZip } from './zip';

export interface IncomingFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

export interface UploadEntry {
  path: string;
  content: string | null;
  data: Buffer | null;
  mimeType: string | null;
  size: number;
}

/** Rows per insert, and bytes per insert, so a large upload never becomes one huge statement. */

/** The 413 of an upload over its cap, naming the cap (zips have a larger one). */
export function uploadTooLarge(isZip: boolean): AppError {
  const limit = isZip ? UPLOAD_LIMITS.zipBytes : UPLOAD_LIMITS.fileBytes;
  const what = isZip ? 'zip' : 'file';
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The ${what} is too large: the limit is ${formatBytes(limit)} per ${what}`,
  );
}

/**
 * Stores one upload of the create dialog. A zip is unpacked and checked first; a bad one throws
 * before anything is written, and a good one is stored with its entries in one transaction.
 */
export async function createUpload(options: {
  db: Database;
  ownerId: string;
  /** The owner's plan, which bounds what the account keeps staged (staged-budget.ts). */
  plan: SubscriptionPlan;
  file: IncomingFile;
}): Promise<UploadedFile> {
  const { db, ownerId, plan, file } = options;
  const isZip = isZipUpload(file);
  const cap = isZip ? UPLOAD_LIMITS.zipBytes : UPLOAD_LIMITS.fileBytes;
  if (file.bytes.length > cap) throw uploadTooLarge(isZip);

  const entries = isZip ? (await extractZip(file.bytes)).map(toUploadEntry) : [];
  const content = !isZip && isTextFile(file) ? file.bytes.toString('utf8') : null;

  const values = {
    ownerId,
    name: file.name,
    mimeType: isZip && !file.mimeType.includes('zip') ? 'application/zip' : file.mimeType,
    size: file.bytes.length,
    isZip,
    content,
  };
  const stored = file.bytes.length + entries.reduce((sum, entry) => sum + entry.size, 0);
  const id = await db.transaction(async (tx) => {
    await makeRoomForUpload(tx, { ownerId, plan, bytes: stored });
    const [inserted] = await tx
      .insert(uploads)
      .values({ ...values, data: file.bytes })
      .returning({ id: uploads.id });
    if (!inserted) throw new Error('upload insert returned nothing');
    for (const batch of batches(entries)) {
      await tx.insert(uploadEntries).values(
        batch.map((entry) => ({
          ...entry,
          data: entry.data,
          uploadId: inserted.id,
        })),
      );
    }
    return inserted.id;
  });
  return presentUpload({ id, ...values }, entries);
}

function toUploadEntry({ path, bytes }: { path: string; bytes: Buffer }): UploadEntry {
  const mimeType = mimeTypeFromName(path);
  const isText = isTextFile({ name: path, mimeType, bytes });
  return {
    path,
    content: isText ? bytes.toString('utf8') : null,
    data: isText ? null : bytes,
    mimeType: mimeType ?? (isText ? 'text/plain' : 'application/octet-stream'),
    size: bytes.length,
  };
}

/** An upload with its bytes, for its owner only: anyone else is told it does not exist. */
export async function getUploadForOwner(options: {
  db: DbOrTx;
  ownerId: string;
  uploadId: string;
}) {
  const { db, ownerId, uploadId } = options;
  if (!isUuid(uploadId)) throw notFound('Upload not found');
  const [row] = await db
    .select({
      name: uploads.name,
      mimeType: uploads.mimeType,
      data: selectBytea(uploads.data),
      hasText: sql<boolean>`${uploads.content} is not null`,
    })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound('Upload not found');
  return { ...row, data: fromHex(row.data) ?? Buffer.alloc(0) };
}

/**
 * The files of an uploaded zip, for creating a project from it. A zip of one folder ("site/...")
 * gives that folder's contents, so the project does not start one level down.
 */
export async function listUploadEntriesForProject(options: {
  db: DbOrTx;
  ownerId: string;
  uploadId: string;
}): Promise<UploadEntry[]> {
  const { db, ownerId, uploadId } = options;
  if (!isUuid(uploadId)) throw notFound('Upload not found');
  const [upload] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerId, ownerId), eq(uploads.isZip, true)))
    .limit(1);
  if (!upload) throw notFound('Upload not found');
  const rows = await db
    .select({
      path: uploadEntries.path,
      content: uploadEntries.content,
      data: selectBytea(uploadEntries.data),
      mimeType: uploadEntries.mimeType,
      size: uploadEntries.size,
    })
    .from(uploadEntries)
    .where(eq(uploadEntries.uploadId, upload.id))
    .orderBy(asc(uploadEntries.path));
  const entries = rows.map((row) => ({ ...row, data: fromHex(row.data) }));
  const prefix = commonTopFolder(entries.map((entry) => entry.path));
  if (!prefix) return entries;
  return entries.map((entry) => ({ ...entry, path: entry.path.slice(prefix.length) }));
}

/** "foo/" when every path lies inside the folder foo, else null. */
function commonTopFolder(paths: string[]): string | null {
  const first = paths[0];
  const slash = first?.indexOf('/') ?? -1;
  if (first === undefined || slash <= 0) return null;
  const prefix = first.slice(0, slash + 1);
  return paths.every((path) => path.startsWith(prefix) && path.length > prefix.length)
    ? prefix
    : null;
}
