import { FILE_LIMITS } from '@kiln/shared';
import type { RootedFolder } from '../../lib/rooted-folder';
import { isDiskOnlyFolder } from './ignored';

/** What the scan knows of one entry without reading it. */
export interface DiskEntry {
  isDirectory: boolean;
  size: number;
  /** Changes whenever the content may have: modification and change times, and the inode. */
  stamp: string;
}

/** What one scan found. */
export interface DiskScan {
  entries: Map<string, DiskEntry>;
  /** The scan stopped at its limit: entries not listed may exist, so none counts as deleted. */
  truncated: boolean;
}

/** A stamp from an entry's own metadata. */
export function stampOf(stats: { mtimeMs: number; ctimeMs: number; ino: number }): string {
  return `${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`;
}

/**
 * Every file and folder of the workspace, by project path, without reading any content and
 * without following anything (the sandbox writes the folder). Links and other special files are
 * left out (a project holds plain files), as are the disk-only folders and anything deeper than
 * a project path can be. Past `maxEntries` it stops, and says so.
 */
export async function scanDisk(folder: RootedFolder, maxEntries: number): Promise<DiskScan> {
  const entries = new Map<string, DiskEntry>();
  let truncated = false;
  await folder.walk({
    maxDepth: FILE_LIMITS.depth,
    enter: (entry) => !isDiskOnlyFolder(entry.name),
    visit: ({ path, name, stats }) => {
      if (stats.isDirectory()) {
        if (isDiskOnlyFolder(name)) return;
        entries.set(path, { isDirectory: true, size: 0, stamp: '' });
      } else if (stats.isFile()) {
        entries.set(path, { isDirectory: false, size: stats.size, stamp: stampOf(stats) });
      } else {
        return;
      }
      if (entries.size > maxEntries) {
        truncated = true;
        return false;
      }
    },
  });
  return { entries, truncated };
}
