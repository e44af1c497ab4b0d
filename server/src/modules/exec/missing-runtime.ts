import type { RunLanguage, RuntimeStatus } from '@kiln/shared';
import { requireRuntime, runtimeOfLanguage } from '../runtimes';

const FILES_OF: Record<RunLanguage, string> = {
  javascript: 'JavaScript files',
  typescript: 'TypeScript files',
  python: 'Python files',
};

/**
 * Refuses a run whose language's runtime this server lacks, before the sandbox is asked:
 * RUNTIME_MISSING, naming what to install ('Python is not installed on this Kiln server:
 * install python3 to run Python files.'), instead of whatever the sandbox would print.
 */
export function requireRunRuntime(options: {
  language: RunLanguage;
  runtimes: readonly RuntimeStatus[];
}): void {
  const name = runtimeOfLanguage(options.language);
  if (!name) return;
  requireRuntime({
    runtimes: options.runtimes,
    need: { name },
    purpose: FILES_OF[options.language],
  });
}
