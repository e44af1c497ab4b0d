import type {
  DialogRegisterInput,
  LoginInput,
  MessageResponse,
  ScreenRegisterInput,
  UserResponse,
} from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';
import { rememberNewAccount } from './new-account';
import { useSetCurrentUser } from '../../lib/session';

/** Login and registration both answer `{ user }`, which becomes the signed-in user. */
export function useLogin() {
  const setUser = useSetCurrentUser();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<UserResponse>('POST', '/api/auth/login', input),
    onSuccess: ({ user }) => {
      rememberNewAccount(null);
      setUser(user);
    },
  });
}

export function useRegister() {
  const setUser = useSetCurrentUser();
  return useMutation({
    mutationFn: (input: DialogRegisterInput | ScreenRegisterInput) =>
      apiJson<UserResponse>('POST', '/api/auth/register', input),
    onSuccess: ({ user }) => {
      rememberNewAccount(user.id);
      setUser(user);
    },
  });
}

export function useLogout() {
  const setUser = useSetCurrentUser();
  return useMutation({
    mutationFn: () => apiJson<MessageResponse>('POST', '/api/auth/logout'),
    onSuccess: () => setUser(null),
  });
}
