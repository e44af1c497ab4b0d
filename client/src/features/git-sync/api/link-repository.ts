import { GitLinkResultSchema } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import type { RepoTarget } from '../repo-target';
import { useRefreshGitState } from './git-query-keys';

/** POST /api/github/link: links the project to a branch without changing its files. */
export async function linkRepository(projectId: string, target: RepoTarget): Promise<string> {
  const answer = await apiJson<unknown>('POST', '/api/github/link', { projectId, ...target });
  return GitLinkResultSchema.parse(answer).message;
}

/** The project is read again after, so the dialog sees the link. */
export function useLinkRepository(projectId: string) {
  const refresh = useRefreshGitState(projectId);
  return useMutation({
    mutationFn: (target: RepoTarget) => linkRepository(projectId, target),
    onSuccess: refresh,
  });
}
