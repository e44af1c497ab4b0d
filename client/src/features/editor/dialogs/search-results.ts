import { FILE_LIMITS, type SearchResult } from '@kiln/shared';

export type SearchMatch = SearchResult['matches'][number];

/** Search results open expanded when they span 5 files or fewer. */
export const AUTO_EXPAND_FILE_LIMIT = 5;

export const isAutoExpanded = (fileCount: number) => fileCount <= AUTO_EXPAND_FILE_LIMIT;

/** Characters kept before a match that starts far into its line. */
const CONTEXT_BEFORE = 24;

export interface MatchPreview {
  /** Text was dropped before `before` (the line's start, or the server's cut of a long line). */
  clipped: boolean;
  before: string;
  match: string;
  after: string;
}

/**
 * A match's line split around the matched range for display: the indentation dropped, and a
 * match far into a long line brought into view with a little context before it. Columns are
 * 1-based and relative to the whole line, so a line the server cut is re-based on
 * lineContentStart.
 */
export function matchPreview(match: SearchMatch): MatchPreview {
  const text = match.lineContent;
  const base = match.lineContentStart ?? 1;
  const start = Math.min(Math.max(0, match.columnStart - base), text.length);
  const end = Math.min(Math.max(start, match.columnEnd - base), text.length);
  let from = Math.min(start, text.length - text.trimStart().length);
  let clipped = base > 1;
  if (start - from > CONTEXT_BEFORE) {
    from = start - CONTEXT_BEFORE;
    // Never split a surrogate pair (an emoji) in half.
    if (/[\uDC00-\uDFFF]/.test(text[from] ?? '')) from -= 1;
    clipped = true;
  }
  return {
    clipped,
    before: text.slice(from, start),
    match: text.slice(start, end),
    after: text.slice(end).trimEnd(),
  };
}

/** "12 matches in 3 files", and a note when the server's caps cut the list short. */
export function searchSummary(results: readonly SearchResult[]): string {
  const matches = results.reduce((sum, result) => sum + result.matches.length, 0);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 'es'}`;
  const files = `${results.length} file${results.length === 1 ? '' : 's'}`;
  const summary = `${plural(matches, 'match')} in ${files}`;
  return results.length >= FILE_LIMITS.searchResults
    ? `${summary} (showing the first ${FILE_LIMITS.searchResults} files)`
    : summary;
}

/** A file's match count as shown on its row; the server keeps at most 100 per file. */
export function matchCountLabel(result: SearchResult): string {
  const count = result.matches.length;
  return count >= FILE_LIMITS.matchesPerFile ? `${count}+` : String(count);
}
