// The files module's public entry: the file service other modules change projects through (each
// write within the project's storage quota, refused whole with StorageQuotaError past it), and
// the search the AI agent shares with the editor.
import type { Database } from '../../db/client';
import { defineModule } from '../../lib/kiln-module';
import type { StorageCaps } from '../projects';
import type { JobQueue } from '../../jobs/job';
import { registerFileRoutes } from './routes';
import { createSearchIndexJob, SEARCH_INDEX_INTERVAL_MS } from './search-index-job';
export * from './service';
export * from './file-states';
export * from './regex-pool';
export * from './row-groups';
export * from './search';
export * from './text-cache';
export { presentFile } from './presenter';

export const filesModule = defineModule<{
  db: Database;
  jobs: JobQueue;
  storageCaps: StorageCaps;
  afterBulkImport: (() => void) | undefined;
}>({
  name: 'files',
  async register(app, { db, jobs, storageCaps, afterBulkImport }) {
    const searchIndex = createSearchIndexJob(db);
    jobs.register(searchIndex);
    await jobs.every(searchIndex, {}, SEARCH_INDEX_INTERVAL_MS);
    registerFileRoutes(app, { db, storageCaps, afterBulkImport });
  },
});
