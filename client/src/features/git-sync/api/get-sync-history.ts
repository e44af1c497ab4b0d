import { GitSyncHistorySchema, type GitSyncHistoryEntry } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { gitQueryKeys } from './git-query-keys';

/** GET /api/github/sync-history/{projectId}: the latest 50 operations, newest first. */
export async function getSyncHistory(projectId: string): Promise<GitSyncHistoryEntry[]> {
  const answer = await apiJson<unknown>(
    'GET',
    `/api/github/sync-history/${encodeURIComponent(projectId)}`,
  );
  return GitSyncHistorySchema.parse(answer);
}

export const syncHistoryQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: gitQueryKeys.history(projectId),
    queryFn: () => getSyncHistory(projectId),
  });

/** Read afresh whenever the History tab shows: auto-sync adds entries in the background. */
export function useSyncHistory(projectId: string, enabled: boolean) {
  return useQuery({ ...syncHistoryQueryOptions(projectId), enabled, staleTime: 0 });
}
