import type { MessageResponse, PasswordResetConfirm, UserResponse } from '@kiln/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';
import { ME_QUERY_KEY, useSetCurrentUser } from '../../lib/session';

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

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<MessageResponse>('POST', '/api/auth/password-reset/request', { email }),
  });
}

export function useConfirmPasswordReset() {
  const setUser = useSetCurrentUser();
  return useMutation({
    mutationFn: (input: PasswordResetConfirm) =>
      apiJson<UserResponse>('POST', '/api/auth/password-reset/confirm', input),
    onSuccess: ({ user }) => setUser(user),
  });
}
