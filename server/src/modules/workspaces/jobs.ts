import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import type { Workspaces } from './types';

/** How often folders of projects that no longer exist are removed. */
export const ORPHAN_CLEANUP_INTERVAL_MS = 6 * 3_600_000;

/** The job that removes workspace folders whose project is gone. */
export function createWorkspaceCleanupJob(workspaces: Workspaces) {
  return defineJob({
    name: 'workspaces.remove-orphans',
    payload: z.object({}),
    retry: { attempts: 1, backoffMs: 1_000 },
    handle: async () => {
      await workspaces.removeOrphans();
    },
  });
}
