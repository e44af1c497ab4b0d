import { GitPushResultSchema, type GitPushResult } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { useRefreshGitState } from './git-query-keys';

/** POST /api/github/push: one commit of every change since the last sync; 409 to pull first. */
export async function pushToRemote(projectId: string, message: string): Promise<GitPushResult> {
  const answer = await apiJson<unknown>('POST', '/api/github/push', { projectId, message });
  return GitPushResultSchema.parse(answer);
}

export function usePushToRemote(projectId: string) {
  const refresh = useRefreshGitState(projectId);
  return useMutation({
    mutationFn: (message: string) => pushToRemote(projectId, message),
    // A refused push is in the history too.
    onSettled: refresh,
  });
}
