export { createWorkspaces, SYNC_INTERVAL_MS } from './workspaces';
export { isDiskOnlyPath } from './ignored';
export type { SyncReport, WorkspaceLease, Workspaces } from './types';
export { createWorkspaceCleanupJob, ORPHAN_CLEANUP_INTERVAL_MS } from './jobs';
