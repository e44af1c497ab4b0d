import type { Database } from '../../db/client';
import { listFiles, readFileStates } from '../files';

/** One file of the project as it is deployed: text as UTF-8, binary files as their bytes. */
export interface BundleFile {
  path: string;
  bytes: Buffer;
}

/** Files read from the database at a time, so a large project is never all in one query. */
const READ_BATCH = 100;

/** Every file of the owner's project (folders are implied by the paths), in path order. */
export async function readProjectBundle(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<BundleFile[]> {
  const entries = await listFiles(options);
  const paths = entries.filter((entry) => !entry.isDirectory).map((entry) => entry.path);
  const bundle: BundleFile[] = [];
  for (let start = 0; start < paths.length; start += READ_BATCH) {
    const batch = paths.slice(start, start + READ_BATCH);
    const states = await readFileStates(options.db, options.projectId, batch);
    for (const path of batch) {
      const state = states.get(path);
      // Deleted between the list and the read: not deployed, as it is gone now.
      if (!state || state.isDirectory) continue;
      const bytes =
        state.content !== null
          ? Buffer.from(state.content, 'utf8')
          : (state.data ?? Buffer.alloc(0));
      bundle.push({ path, bytes });
    }
  }
  return bundle;
}
