import { RootedFolder } from '../../lib/rooted-folder';

export interface FolderUsage {
  bytes: number;
  /** Files, folders and links. */
  entries: number;
  /** Counting stopped at a limit: the folder is at least this large. */
  overLimit: boolean;
}

/**
 * Deeper than any installed package tree goes (npm's nesting stays well under 50). A folder
 * nested past it is counted as over the limit: it cannot be measured cheaply, and no real
 * install makes one.
 */
const MAX_MEASURED_DEPTH = 256;

/**
 * What an install left in a workspace folder (`name`, at its top level): bytes of its files and
 * how many entries, without following links (programs in the sandbox wrote it). Stops as soon
 * as a limit is passed, so a runaway install is not walked to its end.
 */
export async function measureFolder(
  workspace: string,
  name: string,
  limits: { maxBytes: number; maxEntries: number },
): Promise<FolderUsage | null> {
  return RootedFolder.with(workspace, async (rooted) => {
    if (!(await rooted.isFolder(name))) return null;
    const usage: FolderUsage = { bytes: 0, entries: 0, overLimit: false };
    await rooted.walk({
      from: name,
      maxDepth: MAX_MEASURED_DEPTH + 1,
      visit: ({ path, stats }) => {
        usage.entries += 1;
        if (stats.isFile()) usage.bytes += stats.size;
        const depth = path.split('/').length - 1;
        if (
          usage.bytes > limits.maxBytes ||
          usage.entries > limits.maxEntries ||
          (stats.isDirectory() && depth > MAX_MEASURED_DEPTH)
        ) {
          usage.overLimit = true;
          return false;
        }
      },
    });
    return usage;
  });
}
