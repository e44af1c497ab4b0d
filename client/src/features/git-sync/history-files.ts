/** The sync history names this many changed files of an entry, then '+N more'. */
export const HISTORY_FILES_SHOWN = 3;

/** The first files of an entry and the count left out. */
export function visibleFiles(
  files: readonly string[],
  limit = HISTORY_FILES_SHOWN,
): { shown: string[]; more: number } {
  return { shown: files.slice(0, limit), more: Math.max(0, files.length - limit) };
}

/** '+N more', or null when every file is shown. */
export function moreFilesLabel(more: number): string | null {
  return more > 0 ? `+${more} more` : null;
}

/** A commit named as people read it: its first 7 characters. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}
