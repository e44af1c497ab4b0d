// The projects module's public entry: what other modules may use of it.
export * from './policy';
export { announceProjectsDeleted, onProjectDeleted } from './service';
export { presentedProjectColumns } from './presenter';
// The project's storage quota, which every writer of its files runs within (decision 0022).
export {
  lockProjectStorage,
  setServerStorageCaps,
  StorageQuotaError,
  withinStorageQuota,
} from './storage-quota';
