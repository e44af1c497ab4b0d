import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isDiskOnlyFolder } from './ignored';

/** What the scan knows of one entry without reading it. */
export interface DiskEntry {
  isDirectory: boolean;
  size: number;
  /** Changes whenever the content may have: modification and change times, and the inode. */
  stamp: string;
}

/**
 * Every file and folder under `root`, by project path, without reading any content. Symbolic
 * links and other special files are left out (a project holds plain files), as are the
 * disk-only folders.
 */
export async function scanDisk(root: string): Promise<Map<string, DiskEntry>> {
  const found = new Map<string, DiskEntry>();
  const visit = async (relative: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(path.join(root, relative));
    } catch (error) {
      // Removed while we looked: the next pass sees it gone.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await Promise.all(
      names.map(async (name) => {
        const child = relative === '' ? name : `${relative}/${name}`;
        let stats;
        try {
          stats = await lstat(path.join(root, child));
        } catch {
          return;
        }
        if (stats.isDirectory()) {
          if (isDiskOnlyFolder(name)) return;
          found.set(child, { isDirectory: true, size: 0, stamp: '' });
          await visit(child);
        } else if (stats.isFile()) {
          found.set(child, {
            isDirectory: false,
            size: stats.size,
            stamp: `${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`,
          });
        }
      }),
    );
  };
  await visit('');
  return found;
}
