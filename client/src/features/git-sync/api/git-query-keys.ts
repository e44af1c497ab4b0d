import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { projectQueryKey } from '../../../lib/query-keys';

/** The Git sync reads, each keyed by its path so the cache reads like the API. */
export const gitQueryKeys = {
  connection: ['/api/github/connection'] as const,
  repos: ['/api/github/repos'] as const,
  status: (projectId: string) => ['/api/github/diff', projectId] as const,
  branches: (projectId: string) => ['/api/github/branches', projectId] as const,
  history: (projectId: string) => ['/api/github/sync-history', projectId] as const,
};

/**
 * After an operation changed where the project stands: the project (its link fields), its
 * status, history and branches are read again.
 */
export function useRefreshGitState(projectId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [
        projectQueryKey(projectId),
        gitQueryKeys.status(projectId),
        gitQueryKeys.history(projectId),
        gitQueryKeys.branches(projectId),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }, [queryClient, projectId]);
}
