import { GIT_DIFF_REFETCH_MS, GitDiffStatusSchema, type GitDiffStatus } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { gitQueryKeys } from './git-query-keys';

/** GET /api/github/diff/{projectId}: the remote is fetched, so this reaches the Git host. */
export async function getSyncStatus(projectId: string): Promise<GitDiffStatus> {
  const answer = await apiJson<unknown>('GET', `/api/github/diff/${encodeURIComponent(projectId)}`);
  return GitDiffStatusSchema.parse(answer);
}

export const syncStatusQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: gitQueryKeys.status(projectId),
    queryFn: () => getSyncStatus(projectId),
  });

/** Asked again every 30 s while `enabled` (the dialog is open and the project linked). */
export function useSyncStatus(projectId: string, enabled: boolean) {
  return useQuery({
    ...syncStatusQueryOptions(projectId),
    enabled,
    refetchInterval: enabled ? GIT_DIFF_REFETCH_MS : false,
    // Stale at once, so it is asked afresh each time the dialog opens: the remote may have
    // moved while it was closed.
    staleTime: 0,
  });
}
