import type { MultipartFile } from '@fastify/multipart';
import { FILE_LIMITS, FilePathSchema } from '@kiln/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { describeIssues } from '../../lib/validation';
import { drain } from '../uploads';
import { isTextFile, resolveMimeType } from '../../lib/file-types';
import { formatBytes, formatCount } from '../../lib/format';
import type { NewProjectFile } from './service';

/** The form field the editor sends its files in, once per file. */
export const FILES_FIELD = 'files';

/** Parser limits for the upload route; the byte caps are enforced while reading. */
export const FILES_MULTIPART_OPTIONS = {
  // A dropped folder sends each file's relative path as its name: keep it.
  preservePath: true,
  limits: {
    // One byte past the cap, so reading sees the overflow instead of a silent cut.
    fileSize: FILE_LIMITS.binaryBytes + 1,
    files: FILE_LIMITS.uploadFiles,
    fields: 20,
    fieldSize: 64 * 1024,
    parts: FILE_LIMITS.uploadFiles + 20,
    headerPairs: 20,
  },
};

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);
const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);

const fileTooLarge = (path: string) =>
  tooLarge(
    `${path} is too large: the limit is ${formatBytes(FILE_LIMITS.binaryBytes)} per file ` +
      `(${formatBytes(FILE_LIMITS.textBytes)} for text)`,
  );
const uploadTooLarge = () =>
  tooLarge(
    `The upload is too large: the limit is ${formatBytes(FILE_LIMITS.uploadBytes)} per upload`,
  );
const tooManyFiles = () =>
  tooLarge(`Upload at most ${formatCount(FILE_LIMITS.uploadFiles)} files at a time`);

/**
 * Reads every file of an upload into memory, checking each path and size as it comes; the first
 * bad part refuses the whole request before anything is written.
 */
export async function readUploadedFiles(request: FastifyRequest): Promise<NewProjectFile[]> {
  if (!request.isMultipart()) {
    throw invalid(`Send the files as multipart/form-data in a field named "${FILES_FIELD}"`);
  }
  const read: NewProjectFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILES_FIELD) {
        throw invalid(
          `Unexpected file field "${part.fieldname}": send files in a field named "${FILES_FIELD}"`,
        );
      }
      // An empty file input still sends a part, with no name and no bytes.
      if (part.filename === '') {
        await drain(part);
        continue;
      }
      const file = await readFilePart(part, FILE_LIMITS.uploadBytes - total);
      total += file.size;
      read.push(file);
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (read.length === 0) {
    throw invalid(`No files were sent: attach them in a field named "${FILES_FIELD}"`);
  }
  return read;
}

/** A part's name as a project path: Windows separators become slashes, then the usual rules. */
export function uploadPath(filename: string): string {
  const path = filename.replace(/\\/g, '/').normalize('NFC');
  const checked = FilePathSchema.safeParse(path);
  if (!checked.success) {
    throw invalid(`"${filename}" is not a valid path: ${describeIssues(checked.error.issues)}`);
  }
  return checked.data;
}

async function readFilePart(part: MultipartFile, budget: number): Promise<NewProjectFile> {
  const path = uploadPath(part.filename);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FILE_LIMITS.binaryBytes) throw fileTooLarge(path);
    if (size > budget) throw uploadTooLarge();
    chunks.push(chunk);
  }
  if (part.file.truncated) throw fileTooLarge(path);
  const bytes = Buffer.concat(chunks, size);
  const mimeType = resolveMimeType(path, part.mimetype);
  if (!isTextFile({ name: path, mimeType, bytes })) {
    return { path, content: null, data: bytes, mimeType, size };
  }
  if (size > FILE_LIMITS.textBytes) throw fileTooLarge(path);
  return { path, content: bytes.toString('utf8'), data: null, mimeType, size };
}

/** The parser's own errors, said in the API's words. */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return tooLarge(`A file is too large: the limit is ${formatBytes(FILE_LIMITS.binaryBytes)}`);
  }
  if (code === 'FST_FILES_LIMIT') return tooManyFiles();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return invalid(
      `The form has too many fields: send only files, in fields named "${FILES_FIELD}"`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return invalid(`The upload could not be read as multipart/form-data (${message})`);
}
