import type { MessageResponse, UserResponse } from '@kiln/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';
import { ME_QUERY_KEY } from '../../lib/session';

/** POST /api/auth/verify-email/request: the dashboard's banner sends the link again. */
export function useRequestVerificationEmail() {
  return useMutation({
    mutationFn: () => apiJson<MessageResponse>('POST', '/api/auth/verify-email/request'),
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<UserResponse>('POST', '/api/auth/verify-email/confirm', { token }),
    // The link may be opened signed out, or signed in as someone else: re-read who this is.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
