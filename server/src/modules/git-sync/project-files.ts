import { FILE_LIMITS, FilePathSchema } from '@kiln/shared';
import type { Database } from '../../db/client';
import { isTextFile, mimeTypeFromName } from '../../lib/file-types';
import { fingerprintRowGroups, listRowGroups, readFileStates, type FileState } from '../files';
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

/** What was last read of one row: its stamp (id, version and time) and, for a file, its blob id. */
interface KnownRow {
  stamp: string;
  isDirectory: boolean;
  oid: string | null;
}

/** The rows of one group (files' row-groups.ts) as last read, with the fingerprint they had. */
interface KnownGroup {
  digest: string;
  rows: Map<string, KnownRow>;
}

/**
 * What Kiln last read of the projects read before: each group of a project's rows with its
 * fingerprint and each file's blob id. Asking again what a project holds reads the groups'
 * fingerprints, then only the rows of the groups that changed, and hashes only the files
 * written since: a pull of ten files into a project of 2,000 used to list every row (20-35 ms
 * on the embedded database) to find the ten it had written itself.
 */
const knownProjects = new Map<string, Map<number, KnownGroup>>();
const CACHED_PROJECTS = 64;

/**
 * The project's files as they are now. Fingerprints are read before the rows, so rows read
 * after a change are kept with the fingerprint from before it, and read again next time. No
 * access check: the caller has made it.
 */
export async function readProjectTree(options: {
  db: Database;
  projectId: string;
}): Promise<ProjectTree> {
  const { db, projectId } = options;
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

  const previous = knownProjects.get(projectId) ?? new Map<number, KnownGroup>();
  const digests = await fingerprintRowGroups(db, projectId);
  const changed = [...digests.keys()].filter(
    (group) => previous.get(group)?.digest !== digests.get(group),
  );
  const listed = await listRowGroups(
    db,
    projectId,
    changed.length === digests.size ? null : changed,
  );

  const current = new Map<number, KnownGroup>();
  for (const [group, digest] of digests) {
    const known = previous.get(group);
    current.set(group, known?.digest === digest ? known : { digest, rows: new Map() });
  }
  const unhashed: { rows: Map<string, KnownRow>; path: string; stamp: string }[] = [];
  for (const row of listed) {
    let group = current.get(row.group);
    if (!group) {
      // Created after the fingerprints were read: kept, and its group read again next time.
      group = { digest: '', rows: new Map() };
      current.set(row.group, group);
    }
    const stamp = `${row.id}:${row.version}:${row.updatedAt.getTime()}`;
    const known = previous.get(row.group)?.rows.get(row.path);
    if (known?.stamp === stamp) group.rows.set(row.path, known);
    else if (row.isDirectory) group.rows.set(row.path, { stamp, isDirectory: true, oid: null });
    else unhashed.push({ rows: group.rows, path: row.path, stamp });
  }
  const contents = await bytesOf(unhashed.map((entry) => entry.path));
  for (const { rows, path, stamp } of unhashed) {
    const bytes = contents.get(path);
    // Deleted between the list and the read: absent, as it is now.
    if (bytes) rows.set(path, { stamp, isDirectory: false, oid: blobId(bytes) });
  }
  knownProjects.delete(projectId);
  knownProjects.set(projectId, current);
  if (knownProjects.size > CACHED_PROJECTS) {
    knownProjects.delete(knownProjects.keys().next().value!);
  }

  const files: [string, string][] = [];
  const folders: string[] = [];
  for (const group of current.values()) {
    for (const [path, row] of group.rows) {
      if (row.oid !== null) files.push([path, row.oid]);
      else if (row.isDirectory) folders.push(path);
    }
  }
  // In path order, as the project lists them.
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  folders.sort();
  const tree: FlatTree = new Map();
  for (const [path, oid] of files) tree.set(path, { mode: MODE.file, oid });
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
