import type { MessageResponse, PasswordResetConfirm, UserResponse } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';
import { useSetCurrentUser } from '../../lib/session';

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
