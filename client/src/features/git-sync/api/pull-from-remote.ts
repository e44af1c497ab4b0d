import { GitPullResultSchema, type GitPullResult } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { useRefreshGitState } from './git-query-keys';

/**
 * POST /api/github/pull: merges the branch in; files changed on both sides come back as
 * conflicts, with both texts, and keep the project's version until resolved.
 */
export async function pullFromRemote(projectId: string): Promise<GitPullResult> {
  const answer = await apiJson<unknown>('POST', '/api/github/pull', { projectId });
  return GitPullResultSchema.parse(answer);
}

export function usePullFromRemote(projectId: string) {
  const refresh = useRefreshGitState(projectId);
  return useMutation({
    mutationFn: () => pullFromRemote(projectId),
    onSettled: refresh,
  });
}
