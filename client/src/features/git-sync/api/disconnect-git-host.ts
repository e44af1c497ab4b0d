import { MessageResponseSchema } from '@kiln/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { gitQueryKeys } from './git-query-keys';

/** DELETE /api/github/connection: forgets the token; linked projects keep their links. */
export async function disconnectGitHost(): Promise<string> {
  const answer = await apiJson<unknown>('DELETE', '/api/github/connection');
  return MessageResponseSchema.parse(answer).message;
}

export function useDisconnectGitHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGitHost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: gitQueryKeys.connection });
      queryClient.removeQueries({ queryKey: gitQueryKeys.repos });
    },
  });
}
