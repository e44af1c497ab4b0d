import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';

/**
 * The failure notices of Git sync: a title per operation, and the server's error or the
 * operation's default words (no error codes).
 */
export const GIT_FAILURES = {
  settings: { title: 'Update failed', fallback: 'Failed to update settings' },
  import: { title: 'Import failed', fallback: 'Failed to import repository' },
  link: { title: 'Link failed', fallback: 'Failed to link repository' },
  push: { title: 'Push failed', fallback: 'Failed to push to GitHub' },
  pull: { title: 'Pull failed', fallback: 'Failed to pull from GitHub' },
  switch: { title: 'Switch failed', fallback: 'Failed to switch branch' },
  resolve: { title: 'Failed to resolve conflicts', fallback: 'Failed to resolve conflicts' },
} as const;

export function gitFailureToast(operation: keyof typeof GIT_FAILURES, error: unknown) {
  const { title, fallback } = GIT_FAILURES[operation];
  toast({ title, description: messageOf(error, fallback), variant: 'destructive' });
}

export function gitSuccessToast(title: string, description?: string) {
  toast({ title, ...(description ? { description } : {}), variant: 'success' });
}
