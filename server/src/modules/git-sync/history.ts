import type { GitSyncOperation } from '@kiln/shared';
import { AppError } from '../../lib/app-error';
import type { GitSyncDeps } from './deps';
import { recordHistory } from './sync-state';

/** What the history says of a failure: the person's own message, or a plain one. */
export function failureMessage(error: unknown, operation: GitSyncOperation): string {
  if (error instanceof AppError) return error.message;
  return operation === 'pull'
    ? 'The pull failed'
    : operation === 'push'
      ? 'The push failed'
      : 'Resolving the conflicts failed';
}

/**
 * Records a failed operation in the history, and logs it without anything that could carry a
 * token (only the error's kind and Kiln's message).
 */
export async function recordFailure(
  deps: GitSyncDeps,
  projectId: string,
  operation: GitSyncOperation,
  error: unknown,
) {
  const message = failureMessage(error, operation);
  const kind = (error as { code?: string; name?: string } | null)?.code ?? 'unknown';
  deps.log.warn({ projectId, operation, kind, reason: message }, 'git sync operation failed');
  await recordHistory(deps.db, { projectId, operation, status: 'error', message }).catch(
    (failure: unknown) =>
      deps.log.error(
        { projectId, kind: (failure as Error).name },
        'could not record a git sync failure',
      ),
  );
}
