import { DEFAULT_GIT_SYNC_INTERVAL, type GitImportResult, type GitPullResult } from '@kiln/shared';

const count = (n: number, what: string) => `${n} file${n === 1 ? '' : 's'} ${what}`;

/** What changed in the project's files, or null when nothing did. */
function changes(result: { created: number; updated: number; deleted: number }): string | null {
  const parts = [
    result.created > 0 ? count(result.created, 'created') : '',
    result.updated > 0 ? count(result.updated, 'updated') : '',
    result.deleted > 0 ? count(result.deleted, 'deleted') : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(', ')}.` : null;
}

/** A pull without conflicts reports the files it created and updated (and deleted). */
export function pullSummary(result: GitPullResult): string {
  return changes(result) ?? result.message;
}

/** An import reports what it did to the files, and what it left in the repository. */
export function importSummary(result: GitImportResult): string {
  const held =
    result.heldBack > 0
      ? ` ${count(result.heldBack, 'kept in the repository only')} (links, submodules or files over 10 MB).`
      : '';
  return `${changes(result) ?? 'No files changed.'}${held}`;
}

/** The sync interval choices' names: 10 s, 30 s (the default), 1 min and 5 min. */
export function syncIntervalLabel(milliseconds: number): string {
  const label =
    milliseconds < 60_000 ? `${milliseconds / 1000} seconds` : `${milliseconds / 60_000} minute`;
  const named = milliseconds >= 120_000 ? `${label}s` : label;
  return milliseconds === DEFAULT_GIT_SYNC_INTERVAL ? `${named} (default)` : named;
}

const syncTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** When a sync happened, as the dialog shows it: '24 Nov 2026, 14:05'. */
export function formatSyncTime(iso: string): string {
  return syncTime.format(new Date(iso));
}
