import { GitBranchListSchema, type GitBranchList } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { gitQueryKeys } from './git-query-keys';

/** GET /api/github/branches/{projectId}: the remote's branches, protected ones marked. */
export async function listBranches(projectId: string): Promise<GitBranchList> {
  const answer = await apiJson<unknown>(
    'GET',
    `/api/github/branches/${encodeURIComponent(projectId)}`,
  );
  return GitBranchListSchema.parse(answer);
}

export const branchesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: gitQueryKeys.branches(projectId),
    queryFn: () => listBranches(projectId),
  });

export function useBranches(projectId: string, enabled: boolean) {
  return useQuery({ ...branchesQueryOptions(projectId), enabled, staleTime: 0 });
}
