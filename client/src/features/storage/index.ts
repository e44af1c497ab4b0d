// The storage feature's public entry: a project's usage against its quota. The toast for a
// write refused because the project is full is lib/storage-refusal.ts: every writer shows it.
export { storageQueryKey } from './api';
export { StorageMeter } from './storage-meter';
