import type { SearchResult } from '@kiln/shared';

export interface ScanFile {
  id: string;
  path: string;
  content: string;
}

export interface ScanPattern {
  /** A JavaScript regular expression; plain searches send their query escaped. */
  source: string;
  caseSensitive: boolean;
}

export interface ScanLimits {
  files: number;
  matchesPerFile: number;
  /** Longer lines are cut to this many characters around the match. */
  lineContentChars: number;
}

/**
 * Finds the matches of `pattern` line by line (lines split at \n, a trailing \r dropped, as the
 * editor shows them), in the order of `files`, up to the limits. Zero-length matches are skipped.
 *
 * The regex worker runs this function's source text (regex-pool.ts), so it must stay
 * self-contained: no imports, no module-level names, no inner functions.
 */
export function scanFiles(
  files: readonly ScanFile[],
  pattern: ScanPattern,
  limits: ScanLimits,
): SearchResult[] {
  const flags = pattern.caseSensitive ? '' : 'i';
  const lineRegex = new RegExp(pattern.source, `g${flags}`);
  // A match inside a line is also a match of the whole text in multiline mode, so the whole text
  // can be searched to jump to the lines worth scanning. Negative lookarounds break that (they
  // can see past the end of a line), so such patterns scan every line.
  const jumps = !/\(\?<?!/.test(pattern.source);
  const wholeRegex = new RegExp(pattern.source, `gm${flags}`);
  const results: SearchResult[] = [];

  for (const file of files) {
    if (results.length >= limits.files) break;
    const content = file.content;
    const matches: SearchResult['matches'] = [];
    let lineStart = 0;
    let lineNumber = 1;

    while (lineStart <= content.length && matches.length < limits.matchesPerFile) {
      if (jumps) {
        wholeRegex.lastIndex = lineStart;
        const candidate = wholeRegex.exec(content);
        if (candidate === null) break;
        // Move to the line that holds the candidate, counting the lines passed on the way.
        const candidateLineStart =
          candidate.index === 0 ? 0 : content.lastIndexOf('\n', candidate.index - 1) + 1;
        let newline = content.indexOf('\n', lineStart);
        while (newline !== -1 && newline < candidateLineStart) {
          lineNumber += 1;
          newline = content.indexOf('\n', newline + 1);
        }
        lineStart = Math.max(lineStart, candidateLineStart);
      }
      const newline = content.indexOf('\n', lineStart);
      const lineEnd = newline === -1 ? content.length : newline;
      let line = content.slice(lineStart, lineEnd);
      if (line.endsWith('\r')) line = line.slice(0, -1);

      lineRegex.lastIndex = 0;
      let match = lineRegex.exec(line);
      while (match !== null && matches.length < limits.matchesPerFile) {
        const length = match[0].length;
        if (length === 0) {
          lineRegex.lastIndex += 1;
        } else {
          let cutStart = 0;
          if (line.length > limits.lineContentChars) {
            const before = Math.floor(limits.lineContentChars / 5);
            cutStart = Math.max(
              0,
              Math.min(match.index - before, line.length - limits.lineContentChars),
            );
          }
          const found: SearchResult['matches'][number] = {
            line: lineNumber,
            lineContent: line.slice(cutStart, cutStart + limits.lineContentChars),
            columnStart: match.index + 1,
            columnEnd: match.index + length + 1,
          };
          if (line.length > limits.lineContentChars) found.lineContentStart = cutStart + 1;
          matches.push(found);
        }
        match = lineRegex.exec(line);
      }

      if (newline === -1) break;
      lineStart = newline + 1;
      lineNumber += 1;
    }
    if (matches.length > 0) results.push({ fileId: file.id, filePath: file.path, matches });
  }
  return results;
}

/** A plain query as a pattern that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
