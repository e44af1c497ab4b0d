import type { User, UserResponse } from '@kiln/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';

/** What a sign-in or registration form says when its request ends, and what it does next. */
export interface SubmitOutcome {
  successTitle: string;
  successDescription: (user: User) => string;
  failureTitle: string;
  /** The failure toast's description when the server sends no sentence of its own. */
  failureFallback: string;
  /** Empties the form, so the password is not left behind (a dialog opened again starts blank). */
  reset: () => void;
  onSuccess: () => void;
}

/**
 * Sends an account form's input with `mutation` (sign-in or registration, both answering
 * `{ user }`) and raises a toast either way.
 */
export function submitWithToasts<TInput>(
  mutation: Pick<UseMutationResult<UserResponse, Error, TInput>, 'mutate'>,
  input: TInput,
  outcome: SubmitOutcome,
): void {
  mutation.mutate(input, {
    onSuccess: ({ user }) => {
      toast({
        title: outcome.successTitle,
        description: outcome.successDescription(user),
        variant: 'success',
      });
      outcome.reset();
      outcome.onSuccess();
    },
    onError: (error) =>
      toast({
        title: outcome.failureTitle,
        description: messageOf(error, outcome.failureFallback),
        variant: 'destructive',
      }),
  });
}
