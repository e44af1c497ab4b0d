import { GitConnectionSchema, type GitConnection } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { gitQueryKeys } from './git-query-keys';

/** GET /api/github/connection: the person's Git host and account, never the token. */
export async function getGitConnection(): Promise<GitConnection> {
  return GitConnectionSchema.parse(await apiJson<unknown>('GET', '/api/github/connection'));
}

export const gitConnectionQueryOptions = () =>
  queryOptions({ queryKey: gitQueryKeys.connection, queryFn: getGitConnection });

export function useGitConnection(enabled = true) {
  return useQuery({ ...gitConnectionQueryOptions(), enabled });
}
