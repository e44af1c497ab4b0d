import { GitRepoListSchema, type GitRepo } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { gitQueryKeys } from './git-query-keys';

/** GET /api/github/repos: the connected account's repositories ([] for a host without an API). */
export async function listGitRepos(): Promise<GitRepo[]> {
  return GitRepoListSchema.parse(await apiJson<unknown>('GET', '/api/github/repos'));
}

export const gitReposQueryOptions = () =>
  queryOptions({ queryKey: gitQueryKeys.repos, queryFn: listGitRepos });

export function useGitRepos(enabled: boolean) {
  return useQuery({ ...gitReposQueryOptions(), enabled });
}
