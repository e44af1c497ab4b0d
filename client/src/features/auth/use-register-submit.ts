import type { RegisterInput, User } from '@kiln/shared';
import { useRegister } from './mutations';
import { submitWithToasts } from './submit-with-toasts';

/**
 * What the two registration forms share (decision 0001 keeps their fields and payloads apart):
 * the request, its toasts and emptying the form. Only the welcome differs.
 */
export function useRegisterSubmit({
  successDescription,
  reset,
  onSuccess,
}: {
  successDescription: (user: User) => string;
  reset: () => void;
  onSuccess: () => void;
}) {
  const register = useRegister();
  const submit = (input: RegisterInput) =>
    submitWithToasts(register, input, {
      successTitle: 'Account created!',
      successDescription,
      failureTitle: 'Registration failed',
      failureFallback: 'Failed to create account',
      reset,
      onSuccess,
    });
  return { submit, isPending: register.isPending };
}
