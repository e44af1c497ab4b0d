import { GitResolveResultSchema, type GitResolution, type GitResolveResult } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { useRefreshGitState } from './git-query-keys';

/**
 * POST /api/github/resolve-conflicts: one resolution per conflict of the last pull; the merge
 * is committed with both parents and pushed.
 */
export async function resolveConflicts(
  projectId: string,
  resolutions: GitResolution[],
): Promise<GitResolveResult> {
  const answer = await apiJson<unknown>('POST', '/api/github/resolve-conflicts', {
    projectId,
    resolutions,
  });
  return GitResolveResultSchema.parse(answer);
}

export function useResolveConflicts(projectId: string) {
  const refresh = useRefreshGitState(projectId);
  return useMutation({
    mutationFn: (resolutions: GitResolution[]) => resolveConflicts(projectId, resolutions),
    onSettled: refresh,
  });
}
