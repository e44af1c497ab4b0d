import { ApiError, messageOf } from './api-error';

/**
 * The toast for a write the server refused because the project is out of storage (403
 * `PLAN_LIMIT` from any write of files), with the server's sentence: how much the change
 * needs, how much is left and what to do. Null for any other failure.
 */
export function quotaRefusal(error: unknown): { title: string; description: string } | null {
  if (!(error instanceof ApiError && error.code === 'PLAN_LIMIT')) return null;
  return {
    title: 'Not enough storage',
    description: messageOf(error, 'The project has no room left for this change.'),
  };
}
