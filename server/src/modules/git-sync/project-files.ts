import { FILE_LIMITS, FilePathSchema } from '@kiln/shared';
import type { Database } from '../../db/client';
import { isTextFile, mimeTypeFromName } from '../../lib/file-types';
import { listFiles, readFileStates, type FileState } from '../files';
import { blobId, MODE, type FlatTree } from './git-objects';
import { isFileMode } from './repository';

/**
 * A project's files as Git sees them: each file's blob id by path (folders are implied), and
 * its folders, for an import to remove those the branch does not have.
 */
export interface ProjectTree {
  tree: FlatTree;
  folders: string[];
  /** The bytes of files, as a commit stores them (text as UTF-8). */
  bytesOf(paths: readonly string[]): Promise<Map<string, Buffer>>;
}

/** A file's blob id, with the row state it was computed from. */
interface KnownBlob {
  stamp: string;
  oid: string;
}

/**
 * Blob ids of the files of projects read before, each with its row's id, version and time,
 * which every write changes: asking again what a project holds reads only the files written
 * since, instead of reading and hashing all of them.
 */
const knownBlobs = new Map<string, Map<string, KnownBlob>>();
const CACHED_PROJECTS = 64;

export async function readProjectTree(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<ProjectTree> {
  const { db, projectId } = options;
  const entries = await listFiles(options);
  const folders = entries.filter((entry) => entry.isDirectory).map((entry) => entry.path);
  const documents = entries.filter((entry) => !entry.isDirectory);

  const loaded = new Map<string, Buffer>();
  const bytesOf = async (paths: readonly string[]) => {
    const missing = paths.filter((path) => !loaded.has(path));
    if (missing.length > 0) {
      for (const [path, state] of await readFileStates(db, projectId, missing)) {
        loaded.set(path, bytesOfState(state));
      }
    }
    return new Map(paths.flatMap((path) => (loaded.has(path) ? [[path, loaded.get(path)!]] : [])));
  };

  const previous = knownBlobs.get(projectId) ?? new Map<string, KnownBlob>();
  const current = new Map<string, KnownBlob>();
  const stale: { path: string; stamp: string }[] = [];
  for (const entry of documents) {
    const stamp = `${entry.id}:${entry.version}:${entry.updatedAt.getTime()}`;
    const known = previous.get(entry.path);
    if (known?.stamp === stamp) current.set(entry.path, known);
    else stale.push({ path: entry.path, stamp });
  }
  const contents = await bytesOf(stale.map((entry) => entry.path));
  for (const { path, stamp } of stale) {
    const bytes = contents.get(path);
    // Deleted between the list and the read: absent, as it is now.
    if (bytes) current.set(path, { stamp, oid: blobId(bytes) });
  }
  knownBlobs.delete(projectId);
  knownBlobs.set(projectId, current);
  if (knownBlobs.size > CACHED_PROJECTS) knownBlobs.delete(knownBlobs.keys().next().value!);

  const tree: FlatTree = new Map();
  for (const [path, known] of current) tree.set(path, { mode: MODE.file, oid: known.oid });
  return { tree, folders, bytesOf };
}

function bytesOfState(state: FileState): Buffer {
  return state.content !== null
    ? Buffer.from(state.content, 'utf8')
    : (state.data ?? Buffer.alloc(0));
}

/**
 * Whether Kiln can hold what a tree has at a path: a regular file at a path the file service
 * accepts. Links, submodules and such paths stay in the repository as they are: a push carries
 * them over from the commit it builds on (held-back entries).
 */
export function canHold(path: string, mode: string): boolean {
  return isFileMode(mode) && FilePathSchema.safeParse(path).success;
}

/** Larger blobs stay in the repository only, like links: more than an upload may add. */
export const canHoldBytes = (bytes: Buffer) => bytes.length <= FILE_LIMITS.binaryBytes;

/** A blob as a project file: text when it is valid UTF-8 of a text type and not too large. */
export function fileStateOf(path: string, bytes: Buffer): FileState {
  const mimeType = mimeTypeFromName(path);
  const text = bytes.length <= FILE_LIMITS.textBytes && isTextFile({ name: path, mimeType, bytes });
  return text
    ? { isDirectory: false, content: bytes.toString('utf8'), data: null, mimeType }
    : {
        isDirectory: false,
        content: null,
        data: bytes,
        mimeType: mimeType ?? 'application/octet-stream',
      };
}

/** What a conflict shows of one side: the text, or null for a deleted file or a binary one. */
export function conflictText(bytes: Buffer | null, path: string): string | null {
  if (bytes === null) return null;
  const state = fileStateOf(path, bytes);
  return state.content;
}
