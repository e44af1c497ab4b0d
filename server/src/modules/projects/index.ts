// The projects module's public entry: what other modules may use of it.
import type { Database } from '../../db/client';
import { defineModule } from '../../lib/kiln-module';
import { registerProjectRoutes } from './routes';
import type { StorageCaps } from './storage-quota';
export * from './policy';
export { announceProjectsDeleted, onProjectDeleted } from './service';
export { presentedProjectColumns } from './presenter';
// The project's storage quota, which every writer of its files runs within (decision 0022).
export {
  fitsStorageQuota,
  lockProjectStorage,
  StorageQuotaError,
  storageCapsFrom,
  storageLockStep,
  storageQuotaError,
  withinStorageQuota,
  type StorageCaps,
} from './storage-quota';

export const projectsModule = defineModule<{
  db: Database;
  storageCaps: StorageCaps;
  afterBulkImport: (() => void) | undefined;
}>({
  name: 'projects',
  register: (app, { db, storageCaps, afterBulkImport }) =>
    registerProjectRoutes(app, { db, storageCaps, afterBulkImport }),
});
