import type { MultipartFile } from '@fastify/multipart';
import { UPLOAD_LIMITS } from '@kiln/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { cleanFileName, isZipUpload, resolveMimeType } from '../../lib/file-types';
import { uploadTooLarge, type IncomingFile } from './service';

/** The form field the create dialog sends its file in. */
export const FILE_FIELD = 'file';

/** Parser limits for the upload routes; the real size caps are enforced while reading. */
export const MULTIPART_LIMITS = {
  // One byte past the largest cap, so reading sees the overflow instead of a silent cut.
  fileSize: UPLOAD_LIMITS.zipBytes + 1,
  // A second file is parsed as far as its header, so it can be refused with a clear 400.
  files: 2,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 12,
  headerPairs: 20,
};

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * Reads the one file of a multipart request into memory, stopping as soon as it passes its cap
 * (10 MB, or 50 MB when it may be a zip). Zero files or more than one is a 400.
 */
export async function readSingleFile(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) {
    throw invalid(`Send the file as multipart/form-data in a field named "${FILE_FIELD}"`);
  }
  let file: IncomingFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) {
        throw invalid(
          `Unexpected file field "${part.fieldname}": send the file in a field named "${FILE_FIELD}"`,
        );
      }
      if (file) throw invalid('Send one file per request; this request has more than one');
      // An empty file input still sends a part, with no name and no bytes.
      if (part.filename === '') {
        await drain(part);
        continue;
      }
      file = await readFilePart(part);
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (!file) throw invalid(`No file was sent: attach one in a field named "${FILE_FIELD}"`);
  return file;
}

async function readFilePart(part: MultipartFile): Promise<IncomingFile> {
  const name = cleanFileName(part.filename);
  const mimeType = resolveMimeType(name, part.mimetype);
  const mayBeZip = isZipUpload({ name, mimeType });
  const cap = mayBeZip ? UPLOAD_LIMITS.zipBytes : UPLOAD_LIMITS.fileBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) throw uploadTooLarge(mayBeZip);
    chunks.push(chunk);
  }
  if (part.file.truncated) throw uploadTooLarge(mayBeZip);
  return { name, mimeType, bytes: Buffer.concat(chunks, size) };
}

/** Reads a part to its end without keeping it (the files module skips empty parts this way too). */
export async function drain(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file) {
    // Busboy only moves on to the next part once this one has been read.
  }
}

/** The parser's own errors, said in the API's words. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadTooLarge(true);
  if (code === 'FST_FILES_LIMIT') {
    return invalid('Send one file per request; this request has more than one');
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return invalid(
      `The form has too many fields: send just the file, in a field named "${FILE_FIELD}"`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return invalid(`The upload could not be read as multipart/form-data (${message})`);
}
