// The storage feature's public entry: a project's usage against its quota, and the toast for a
// write refused because the project is full.
export { storageQueryKey } from './api';
export { quotaRefusal } from './quota-refusal';
export { StorageMeter } from './storage-meter';
