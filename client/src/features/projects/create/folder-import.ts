import { FILE_LIMITS, UPLOAD_LIMITS } from '@kiln/shared';

/** What a folder picker (`webkitdirectory`) gives for each file. */
export type PickedFile = Pick<File, 'name' | 'size' | 'webkitRelativePath'>;

export interface FolderEntry<T extends PickedFile = File> {
  file: T;
  /** The path inside the project: the picked folder's own name taken off. */
  path: string;
}

/**
 * Folders nobody wants copied into a project: installed dependencies and version-control data.
 * A project folder picked as it is on disk often holds tens of thousands of files in these.
 */
const SKIPPED_FOLDERS = new Set(['.git', '.hg', '.svn', 'node_modules', '__pycache__']);
const SKIPPED_FILES = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini']);

/** The same caps as a zip import, so both ways in hold a project to one size. */
export const FOLDER_LIMITS = {
  files: UPLOAD_LIMITS.zipEntries,
  bytes: UPLOAD_LIMITS.zipUncompressedBytes,
  fileBytes: FILE_LIMITS.binaryBytes,
} as const;

/** Per upload request: small enough that progress moves often, well inside the server's caps. */
export const BATCH_LIMITS = { files: 100, bytes: 10 * 1024 * 1024 } as const;

export interface FolderSelection<T extends PickedFile> {
  /** The picked folder's name, which names the project. */
  folderName: string;
  entries: FolderEntry<T>[];
  /** Files left out because they sit in a skipped folder or are system clutter. */
  skipped: number;
}

function isSkipped(segments: readonly string[]): boolean {
  const name = segments.at(-1) ?? '';
  return SKIPPED_FILES.has(name) || segments.slice(0, -1).some((part) => SKIPPED_FOLDERS.has(part));
}

/**
 * Reads a folder picker's files as project paths. Each file's path starts with the picked
 * folder's name ("my-site/css/a.css"); the project holds what is inside it ("css/a.css").
 */
export function readFolderSelection<T extends PickedFile>(files: Iterable<T>): FolderSelection<T> {
  let folderName = '';
  let skipped = 0;
  const entries: FolderEntry<T>[] = [];
  for (const file of files) {
    const segments = (file.webkitRelativePath || file.name).split('/').filter(Boolean);
    const [top, ...inside] = segments;
    if (segments.length > 1 && top) folderName ||= top;
    const path = segments.length > 1 ? inside : segments;
    if (isSkipped(path)) {
      skipped += 1;
      continue;
    }
    entries.push({ file, path: path.join('/') });
  }
  return { folderName, entries, skipped };
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Why the folder cannot be imported, or null; checked before anything is created. */
export function folderProblem(selection: FolderSelection<PickedFile>): string | null {
  const { entries } = selection;
  if (entries.length === 0) return 'The folder holds no files to import.';
  if (entries.length > FOLDER_LIMITS.files) {
    return `The folder holds ${entries.length.toLocaleString('en-GB')} files: import at most ${FOLDER_LIMITS.files.toLocaleString('en-GB')}.`;
  }
  const large = entries.find((entry) => entry.file.size > FOLDER_LIMITS.fileBytes);
  if (large) return `${large.path} is larger than ${megabytes(FOLDER_LIMITS.fileBytes)}.`;
  const total = entries.reduce((sum, entry) => sum + entry.file.size, 0);
  if (total > FOLDER_LIMITS.bytes) {
    return `The folder holds ${megabytes(total)}: import at most ${megabytes(FOLDER_LIMITS.bytes)}.`;
  }
  return null;
}

/** Splits the entries into upload requests of at most BATCH_LIMITS (a large file goes alone). */
export function uploadBatches<T extends PickedFile>(
  entries: readonly FolderEntry<T>[],
): FolderEntry<T>[][] {
  const batches: FolderEntry<T>[][] = [];
  let current: FolderEntry<T>[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const full =
      current.length >= BATCH_LIMITS.files || bytes + entry.file.size > BATCH_LIMITS.bytes;
    if (current.length > 0 && full) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += entry.file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
