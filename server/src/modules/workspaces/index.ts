// The workspaces module's public entry: each project as a folder on disk (decision 0016).
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import { createWorkspaceCleanupJob, ORPHAN_CLEANUP_INTERVAL_MS } from './jobs';
import type { Workspaces } from './types';
export { createWorkspaces, SYNC_INTERVAL_MS } from './workspaces';
export { isDiskOnlyPath } from './ignored';
export type { SyncReport, WorkspaceLease, Workspaces } from './types';
export { createWorkspaceCleanupJob, ORPHAN_CLEANUP_INTERVAL_MS } from './jobs';

export const workspacesModule = defineModule<{ jobs: JobQueue; workspaces: Workspaces }>({
  name: 'workspaces',
  async register(_app, { jobs, workspaces }) {
    const cleanup = createWorkspaceCleanupJob(workspaces);
    jobs.register(cleanup);
    await jobs.every(cleanup, {}, ORPHAN_CLEANUP_INTERVAL_MS);
  },
});
