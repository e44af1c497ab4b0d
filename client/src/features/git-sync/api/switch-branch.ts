import { MessageResponseSchema } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { useRefreshGitState } from './git-query-keys';

/**
 * POST /api/github/switch-branch: the files become the branch's, changes not pushed yet stay;
 * 409 when one of them conflicts with the branch. A new name is created by the next push.
 */
export async function switchBranch(projectId: string, branch: string): Promise<string> {
  const answer = await apiJson<unknown>('POST', '/api/github/switch-branch', { projectId, branch });
  return MessageResponseSchema.parse(answer).message;
}

export function useSwitchBranch(projectId: string) {
  const refresh = useRefreshGitState(projectId);
  return useMutation({
    mutationFn: (branch: string) => switchBranch(projectId, branch),
    onSuccess: refresh,
  });
}
