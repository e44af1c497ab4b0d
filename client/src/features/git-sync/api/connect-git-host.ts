import { GitConnectionSchema, type GitConnection, type GitConnectionInput } from '@kiln/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { gitQueryKeys } from './git-query-keys';

/**
 * PUT /api/github/connection: the host checks the token (asked whose it is) before it is kept;
 * connecting again replaces the connection.
 */
export async function connectGitHost(input: GitConnectionInput): Promise<GitConnection> {
  return GitConnectionSchema.parse(await apiJson<unknown>('PUT', '/api/github/connection', input));
}

export function useConnectGitHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectGitHost,
    onSuccess: (connection) => {
      queryClient.setQueryData(gitQueryKeys.connection, connection);
      // Another account sees other repositories.
      void queryClient.invalidateQueries({ queryKey: gitQueryKeys.repos });
    },
  });
}
