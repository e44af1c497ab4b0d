import { ATTACHMENT_ACCEPT, UPLOAD_LIMITS, type UploadedFile } from '@kiln/shared';

type LocalFile = Pick<File, 'name' | 'type' | 'size'>;

const ACCEPT_TOKENS = ATTACHMENT_ACCEPT.split(',').map((token) => token.trim().toLowerCase());

function isZipName(name: string): boolean {
  return name.toLowerCase().endsWith('.zip');
}

/** Reads ATTACHMENT_ACCEPT the way a file input does, for files dropped or pasted instead. */
export function isAcceptedAttachment(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return ACCEPT_TOKENS.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * Why a file cannot be attached, or null when it can. Checked before uploading so a wrong type
 * or an oversized file is explained at once instead of after a wasted upload.
 */
export function attachmentProblem(file: LocalFile): string | null {
  if (!isAcceptedAttachment(file)) {
    return `${file.name} is not a supported file type. Attach images, PDF, text, Markdown, Word, JSON, CSV or zip files.`;
  }
  const limit = isZipName(file.name) ? UPLOAD_LIMITS.zipBytes : UPLOAD_LIMITS.fileBytes;
  if (file.size > limit) return `${file.name} is larger than ${megabytes(limit)}.`;
  return null;
}

export function fileCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/** A badge's text; a zip shows how many files it holds. */
export function attachmentLabel(file: Pick<UploadedFile, 'name' | 'isZip' | 'fileCount'>): string {
  return file.isZip ? `${file.name} · ${fileCountLabel(file.fileCount)}` : file.name;
}
