import { GitImportResultSchema, type GitImportResult } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import type { RepoTarget } from '../repo-target';
import { useRefreshGitState } from './git-query-keys';

/**
 * POST /api/github/import: the project's files become the branch's (files it lacks are
 * removed) and the project is linked to it, in sync.
 */
export async function importRepository(
  projectId: string,
  target: RepoTarget,
): Promise<GitImportResult> {
  const answer = await apiJson<unknown>('POST', '/api/github/import', { projectId, ...target });
  return GitImportResultSchema.parse(answer);
}

export function useImportRepository(projectId: string) {
  const refresh = useRefreshGitState(projectId);
  return useMutation({
    mutationFn: (target: RepoTarget) => importRepository(projectId, target),
    onSuccess: refresh,
  });
}
