export type LineInput = { line: number; error?: never } | { line?: never; error: string };

/**
 * Go to line: an integer of at least 1, clamped to the file's line count (a
 * number past the end goes to the last line).
 */
export function parseLineNumber(raw: string, lineCount: number): LineInput {
  const text = raw.trim();
  if (!text) return { error: 'Enter a line number.' };
  if (!/^[+-]?\d+$/.test(text)) return { error: 'Enter a whole number, such as 42.' };
  const line = Number(text);
  if (line < 1) return { error: 'Line numbers start at 1.' };
  return { line: Math.min(line, Math.max(1, lineCount)) };
}
