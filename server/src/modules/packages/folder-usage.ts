import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';

export interface FolderUsage {
  bytes: number;
  /** Files, folders and links. */
  entries: number;
  /** Counting stopped at a limit: the folder is at least this large. */
  overLimit: boolean;
}

/**
 * What an install left in a folder: bytes of its files and how many entries, without following
 * links (programs in the sandbox wrote it). Stops as soon as a limit is passed, so a runaway
 * install is not walked to its end.
 */
export async function measureFolder(
  folder: string,
  limits: { maxBytes: number; maxEntries: number },
): Promise<FolderUsage | null> {
  let top;
  try {
    top = await lstat(folder);
  } catch {
    return null;
  }
  if (!top.isDirectory()) return null;
  const usage: FolderUsage = { bytes: 0, entries: 0, overLimit: false };
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let directory;
    try {
      directory = await opendir(current);
    } catch {
      continue;
    }
    for await (const entry of directory) {
      usage.entries += 1;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) usage.bytes += (await lstat(full).catch(() => null))?.size ?? 0;
      if (usage.bytes > limits.maxBytes || usage.entries > limits.maxEntries) {
        usage.overLimit = true;
        return usage;
      }
    }
  }
  return usage;
}
