import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import {
  lstat,
  mkdir,
  open,
  readdir,
  rename,
  rmdir,
  unlink,
  type FileHandle,
} from 'node:fs/promises';

/*
 * Programs in the sandbox write a project's workspace, and the server (often root) reads and
 * writes the same folder. Any name in it may be a link to anywhere, and may become one between
 * two system calls. Node has no openat(2), so a path like `workspace/a/b` is resolved by the
 * kernel afresh each time, following whatever `a` is by then.
 *
 * A RootedFolder holds the workspace open and reaches everything inside it from a handle of
 * its parent folder: `/proc/self/fd/<fd>/<name>` names the entry `name` inside the folder that
 * `fd` is open on (the kernel follows the fd's own link, to the folder it was opened on, and
 * nothing else). Every folder on the way is opened with O_NOFOLLOW | O_DIRECTORY, so a link or
 * a file where a folder was expected is refused, never followed; a rename of a folder after it
 * was opened moves the handle with it, still inside the workspace (a rename cannot cross the
 * sandbox's bind mount). Files are read only when their open handle says they are regular
 * files, so a FIFO, a socket or a device is never read; writes go to a new file and are renamed
 * into place, so a link planted at the target is replaced, never written through.
 */

const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
/** O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Past this depth, removal moves a folder up instead of opening more handles (see remove). */
const MAX_OPEN_DEPTH = 64;

/** Entries whose metadata a walk asks for at once. */
const STAT_BATCH = 64;

/** Prefix of the names the server stages its writes under; a scan leaves them out. */
const STAGED_PREFIX = '.kiln-staged-';

export type Owner = { uid: number; gid: number } | null;

export type ReadOutcome =
  | { kind: 'file'; bytes: Buffer; stats: Stats }
  | { kind: 'missing' }
  | { kind: 'not-a-file' }
  | { kind: 'too-large'; size: number };

/** One entry a walk found, with its own metadata (never a link's target's). */
export interface WalkEntry {
  /** Path from the walk's start, `/`-separated. */
  path: string;
  name: string;
  stats: Stats;
}

export class RootedFolderError extends Error {
  constructor(
    message: string,
    readonly code: 'ELOOP' | 'ENOTDIR' | 'EINVAL',
  ) {
    super(message);
  }
}

/** Whether a name is one the server made for a write in progress (never a project file). */
export function isStagedName(name: string): boolean {
  return name.startsWith(STAGED_PREFIX);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** A name inside a folder, as the kernel resolves it from the folder's handle. */
function entryPath(folder: FileHandle, name: string | Buffer): string | Buffer {
  return typeof name === 'string'
    ? `/proc/self/fd/${folder.fd}/${name}`
    : Buffer.concat([Buffer.from(`/proc/self/fd/${folder.fd}/`), name]);
}

/** Splits a relative path into names, refusing anything that could leave the folder. */
function namesOf(relative: string): string[] {
  if (relative === '' || relative === '.') return [];
  const names = relative.split('/');
  for (const name of names) {
    if (name === '' || name === '.' || name === '..' || name.includes('\0')) {
      throw new RootedFolderError(
        `Not a plain relative path: ${JSON.stringify(relative)}`,
        'EINVAL',
      );
    }
  }
  return names;
}

async function openChildFolder(folder: FileHandle, name: string | Buffer): Promise<FileHandle> {
  return open(entryPath(folder, name), FOLDER_FLAGS);
}

/** A folder opened once, inside which nothing the sandbox wrote is ever followed. */
export class RootedFolder {
  private constructor(private readonly root: FileHandle) {}

  /** Opens `folder`, a path the server itself made (its parents are the server's own). */
  static async open(folder: string): Promise<RootedFolder> {
    return new RootedFolder(await open(folder, FOLDER_FLAGS));
  }

  /** Runs `work` with the folder open, and closes it after. */
  static async with<T>(folder: string, work: (rooted: RootedFolder) => Promise<T>): Promise<T> {
    const rooted = await RootedFolder.open(folder);
    try {
      return await work(rooted);
    } finally {
      await rooted.close();
    }
  }

  close(): Promise<void> {
    return this.root.close();
  }

  /**
   * Opens the folder at `relative`, each step refusing a link or a non-folder. Answers null
   * when a step is missing; throws RootedFolderError when something else stands in the way.
   */
  private async openFolder(names: string[]): Promise<FileHandle | null> {
    let current = await this.reopenRoot();
    for (const name of names) {
      let next: FileHandle;
      try {
        next = await openChildFolder(current, name);
      } catch (error) {
        await current.close();
        if (errorCode(error) === 'ENOENT') return null;
        throw refused(error, name);
      }
      await current.close();
      current = next;
    }
    return current;
  }

  /** A second handle on the root, so callers may close what they get in every case. */
  private reopenRoot(): Promise<FileHandle> {
    return open(`/proc/self/fd/${this.root.fd}/.`, FOLDER_FLAGS);
  }

  /** Runs `work` on the folder holding `relative`'s last name; null when that folder is missing. */
  private async inParent<T>(
    relative: string,
    work: (parent: FileHandle, name: string) => Promise<T>,
  ): Promise<T | null> {
    const names = namesOf(relative);
    const name = names.pop();
    if (name === undefined)
      throw new RootedFolderError('The folder itself has no parent', 'EINVAL');
    const parent = await this.openFolder(names).catch((error: unknown) => {
      // A link or a file where a folder should be: nothing behind it is the workspace's.
      if (error instanceof RootedFolderError) return null;
      throw error;
    });
    if (!parent) return null;
    try {
      return await work(parent, name);
    } finally {
      await parent.close();
    }
  }

  /** The entry's own metadata (a link's, not its target's), or null when it is missing. */
  async entry(relative: string): Promise<Stats | null> {
    if (namesOf(relative).length === 0) return this.root.stat();
    const stats = await this.inParent(relative, (parent, name) =>
      lstat(entryPath(parent, name)).catch((error: unknown) => {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
        throw error;
      }),
    );
    return stats ?? null;
  }

  /** Whether `relative` is a real folder (not a link to one). */
  async isFolder(relative: string): Promise<boolean> {
    return (await this.entry(relative))?.isDirectory() === true;
  }

  /**
   * A regular file's bytes, at most `maxBytes` of them: a larger file (or one that grows while
   * it is read) answers too-large, a link or any special file not-a-file.
   */
  async readFile(relative: string, maxBytes: number): Promise<ReadOutcome> {
    const outcome = await this.inParent(relative, async (parent, name): Promise<ReadOutcome> => {
      let handle: FileHandle;
      try {
        handle = await open(entryPath(parent, name), READ_FLAGS);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ENOENT') return { kind: 'missing' };
        // ELOOP: a link. ENXIO: a socket. Anything else that cannot be opened is not ours either.
        return { kind: 'not-a-file' };
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) return { kind: 'not-a-file' };
        if (stats.size > maxBytes) return { kind: 'too-large', size: stats.size };
        const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
        let length = 0;
        for (;;) {
          const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
          if (bytesRead === 0) break;
          length += bytesRead;
          if (length > maxBytes) return { kind: 'too-large', size: length };
          if (length === buffer.length) break;
        }
        return { kind: 'file', bytes: buffer.subarray(0, length), stats };
      } finally {
        await handle.close();
      }
    });
    return outcome ?? { kind: 'missing' };
  }

  /**
   * Makes the folder at `relative` and those on its way, each new one given to `owner`. A link
   * or a file standing where a folder belongs is removed first (only the entry, never what a
   * link points to). Answers a handle on the folder, for the caller to close.
   */
  private async makeFolders(names: string[], owner: Owner): Promise<FileHandle> {
    let current = await this.reopenRoot();
    try {
      for (const name of names) {
        let next: FileHandle | null = null;
        for (let attempt = 0; next === null; attempt += 1) {
          try {
            next = await openChildFolder(current, name);
          } catch (error) {
            const code = errorCode(error);
            if (attempt >= 3) throw refused(error, name);
            if (code === 'ELOOP' || code === 'ENOTDIR') {
              await removeAll(current, name);
            } else if (code !== 'ENOENT') {
              throw error;
            }
            await mkdir(entryPath(current, name), { mode: 0o755 }).catch((made: unknown) => {
              if (errorCode(made) !== 'EEXIST') throw made;
            });
            // Opened again (never trusted by name): what is there now must be a folder.
            next = await openChildFolder(current, name).catch(() => null);
            if (next && owner) await next.chown(owner.uid, owner.gid);
          }
        }
        await current.close();
        current = next;
      }
      return current;
    } catch (error) {
      await current.close();
      throw error;
    }
  }

  /** Makes the folder at `relative` and those on its way (see makeFolders). */
  async makeFolder(relative: string, owner: Owner): Promise<void> {
    await (await this.makeFolders(namesOf(relative), owner)).close();
  }

  /**
   * Writes a file at `relative`, making the folders on its way: staged under a new name (never
   * through a link), given to `owner`, and renamed over whatever was there. Answers the
   * written file's metadata.
   */
  async writeFile(
    relative: string,
    bytes: Uint8Array,
    options: { owner: Owner; mode?: number },
  ): Promise<Stats> {
    const names = namesOf(relative);
    const name = names.pop();
    if (name === undefined)
      throw new RootedFolderError('Cannot write over the folder itself', 'EINVAL');
    const parent = await this.makeFolders(names, options.owner);
    try {
      const staged = `${STAGED_PREFIX}${randomBytes(8).toString('hex')}`;
      const handle = await open(entryPath(parent, staged), CREATE_FLAGS, options.mode ?? 0o644);
      try {
        await handle.writeFile(bytes);
        if (options.owner) await handle.chown(options.owner.uid, options.owner.gid);
      } finally {
        await handle.close();
      }
      try {
        await rename(entryPath(parent, staged), entryPath(parent, name)).catch(
          async (error: unknown) => {
            // A folder stands where the file goes: it goes first.
            if (errorCode(error) !== 'EISDIR' && errorCode(error) !== 'ENOTEMPTY') throw error;
            await removeAll(parent, name);
            await rename(entryPath(parent, staged), entryPath(parent, name));
          },
        );
      } catch (error) {
        await unlink(entryPath(parent, staged)).catch(() => undefined);
        throw error;
      }
      return await lstat(entryPath(parent, name));
    } finally {
      await parent.close();
    }
  }

  /**
   * Removes the entry at `relative` and, for a folder, everything in it, without following any
   * link: a link is removed as a link. Nothing happens when it is already gone.
   */
  async remove(relative: string): Promise<void> {
    await this.inParent(relative, (parent, name) => removeAll(parent, name));
  }

  /** Removes everything inside the folder at `relative`, leaving the folder. */
  async empty(relative: string): Promise<void> {
    const folder = await this.openFolder(namesOf(relative)).catch(() => null);
    if (!folder) return;
    try {
      const movedUp: string[] = [];
      await emptyFolder(folder, 0, { top: folder, movedUp });
      for (let next = movedUp.pop(); next !== undefined; next = movedUp.pop()) {
        await removeEntry(folder, next, 0, { top: folder, movedUp });
      }
    } finally {
      await folder.close();
    }
  }

  /**
   * Visits every entry under `relative`, depth first, each with its own metadata; a link or a
   * special file is visited but never entered or read. `enter` decides whether a folder's
   * contents are visited; past `maxDepth` levels none are. Answering false from `visit` stops
   * the walk.
   */
  async walk(options: {
    from?: string;
    maxDepth: number;
    enter?: (entry: WalkEntry) => boolean;
    visit: (entry: WalkEntry) => boolean | void;
  }): Promise<void> {
    const start = options.from ?? '';
    const folder = await this.openFolder(namesOf(start)).catch(() => null);
    if (!folder) return;
    let going = true;
    const walkFolder = async (handle: FileHandle, prefix: string, depth: number) => {
      let names: string[];
      try {
        names = await readdir(`/proc/self/fd/${handle.fd}`);
      } catch {
        return;
      }
      const listed = names.filter((name) => !isStagedName(name));
      for (let from = 0; from < listed.length && going; from += STAT_BATCH) {
        const batch = listed.slice(from, from + STAT_BATCH);
        const found = await Promise.all(
          batch.map((name) => lstat(entryPath(handle, name)).catch(() => null)),
        );
        for (const [index, stats] of found.entries()) {
          if (!going) return;
          if (!stats) continue;
          const name = batch[index]!;
          const entry: WalkEntry = {
            path: prefix === '' ? name : `${prefix}/${name}`,
            name,
            stats,
          };
          if (options.visit(entry) === false) {
            going = false;
            return;
          }
          if (!stats.isDirectory() || depth + 1 >= options.maxDepth) continue;
          if (options.enter && !options.enter(entry)) continue;
          const child = await openChildFolder(handle, name).catch(() => null);
          if (!child) continue;
          try {
            await walkFolder(child, entry.path, depth + 1);
          } finally {
            await child.close();
          }
        }
      }
    };
    try {
      await walkFolder(folder, start === '.' ? '' : start, 0);
    } finally {
      await folder.close();
    }
  }
}

function refused(error: unknown, name: string): unknown {
  const code = errorCode(error);
  if (code === 'ELOOP')
    return new RootedFolderError(`${name} is a link, which Kiln never follows`, 'ELOOP');
  if (code === 'ENOTDIR') return new RootedFolderError(`${name} is not a folder`, 'ENOTDIR');
  return error;
}

/**
 * Removes `name` inside `parent`: a folder after its contents, anything else (a link included)
 * as itself. Past MAX_OPEN_DEPTH, a folder is moved up into `parent` and removed from there
 * once the handles below it are closed, so a hostile nest a million folders deep needs no more
 * than MAX_OPEN_DEPTH open handles.
 */
async function removeAll(parent: FileHandle, name: string | Buffer): Promise<void> {
  const movedUp: string[] = [];
  await removeEntry(parent, name, 0, { top: parent, movedUp });
  for (let next = movedUp.pop(); next !== undefined; next = movedUp.pop()) {
    await removeEntry(parent, next, 0, { top: parent, movedUp });
  }
}

interface Removal {
  top: FileHandle;
  movedUp: string[];
}

async function removeEntry(
  parent: FileHandle,
  name: string | Buffer,
  depth: number,
  removal: Removal,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const stats = await lstat(entryPath(parent, name)).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    });
    if (!stats) return;
    if (!stats.isDirectory()) {
      await unlink(entryPath(parent, name)).catch((error: unknown) => {
        if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'EISDIR') throw error;
      });
    } else if (depth >= MAX_OPEN_DEPTH) {
      const moved = `${STAGED_PREFIX}${randomBytes(8).toString('hex')}`;
      await rename(entryPath(parent, name), entryPath(removal.top, moved));
      removal.movedUp.push(moved);
      return;
    } else {
      const child = await openChildFolder(parent, name).catch(() => null);
      if (child) {
        try {
          await emptyFolder(child, depth + 1, removal);
        } finally {
          await child.close();
        }
      }
      const gone = await rmdir(entryPath(parent, name)).then(
        () => true,
        (error: unknown) => {
          const code = errorCode(error);
          if (code === 'ENOENT') return true;
          // Refilled meanwhile, or swapped for a file or a link: look again.
          if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR') return false;
          throw error;
        },
      );
      if (gone) return;
    }
    if (attempt >= 5) {
      throw new Error('The folder kept changing while it was removed; try again when it is idle');
    }
  }
}

async function emptyFolder(folder: FileHandle, depth: number, removal: Removal): Promise<void> {
  const names = await readdir(`/proc/self/fd/${folder.fd}`, { encoding: 'buffer' });
  for (const name of names) await removeEntry(folder, name, depth, removal);
}

/** Whether `relative` inside `folder` is a real folder, every step of the way (never a link). */
export function isFolderIn(folder: string, relative: string): Promise<boolean> {
  return RootedFolder.with(folder, (rooted) => rooted.isFolder(relative)).catch(() => false);
}
