import {
  AI_ATTACHMENT_MAX_BYTES,
  AI_ATTACHMENTS_MAX,
  isAllowedAttachmentType,
  type AiAttachment,
} from '@kiln/shared';

type LocalFile = Pick<File, 'name' | 'type' | 'size'>;

/** An attachment waiting in the composer; the id tells two files of one name apart. */
export interface ComposerAttachment extends AiAttachment {
  id: string;
}

/** Browsers leave the type of a Markdown file (and sometimes others) empty. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  pdf: 'application/pdf',
};

/** The file's MIME type, from its extension when the browser gives none. */
export function attachmentMimeType(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type.toLowerCase();
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

export function attachmentKind(mimeType: string): AiAttachment['type'] {
  return mimeType.toLowerCase().startsWith('image/') ? 'image' : 'document';
}

export interface AttachmentProblem {
  title: string;
  description: string;
}

/** Attachments to the AI: at most 10 MB each; images, text, PDF and JSON. */
export function attachmentProblem(file: LocalFile): AttachmentProblem | null {
  if (!isAllowedAttachmentType(attachmentMimeType(file))) {
    return {
      title: 'Unsupported file type',
      description: `${file.name} is not a supported file type`,
    };
  }
  if (file.size > AI_ATTACHMENT_MAX_BYTES) {
    return { title: 'File too large', description: `${file.name} exceeds 10MB limit` };
  }
  return null;
}

/**
 * Splits chosen files into those to attach and the problems to tell, counting the ones already
 * attached against the limit of one message.
 */
export function checkAttachments<T extends LocalFile>(
  files: readonly T[],
  alreadyAttached: number,
): { accepted: T[]; problems: AttachmentProblem[] } {
  const accepted: T[] = [];
  const problems: AttachmentProblem[] = [];
  let skippedForLimit = 0;
  for (const file of files) {
    const problem = attachmentProblem(file);
    if (problem) problems.push(problem);
    else if (alreadyAttached + accepted.length >= AI_ATTACHMENTS_MAX) skippedForLimit += 1;
    else accepted.push(file);
  }
  if (skippedForLimit > 0) {
    problems.push({
      title: 'Too many attachments',
      description: `A message can carry at most ${AI_ATTACHMENTS_MAX} files; ${skippedForLimit} not attached.`,
    });
  }
  return { accepted, problems };
}
