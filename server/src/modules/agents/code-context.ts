import type { AgentFile } from '@kiln/shared';

/** How much code one prompt carries; past it, files are named but not shown. */
export const PROMPT_CODE_MAX_CHARS = 120_000;

/** A text's lines as an editor numbers them: a final newline ends the last line, not a new one. */
export function linesOf(content: string): string[] {
  const lines = content.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** Files as a prompt shows them: each under its path, numbered by line so answers can cite lines. */
export function filesForPrompt(files: readonly AgentFile[], numbered = true): string {
  let budget = PROMPT_CODE_MAX_CHARS;
  const parts: string[] = [];
  const left: string[] = [];
  for (const file of files) {
    if (file.content.length > budget) {
      left.push(file.path);
      continue;
    }
    budget -= file.content.length;
    const body = numbered
      ? linesOf(file.content)
          .map((line, index) => `${String(index + 1).padStart(4)} | ${line}`)
          .join('\n')
      : file.content;
    parts.push(`--- ${file.path} ---\n${body}`);
  }
  if (left.length > 0) parts.push(`(Not shown, too long for this request: ${left.join(', ')})`);
  return parts.length > 0 ? parts.join('\n\n') : '(no files)';
}

/** The JSON shape a role must answer in, stated the same way in every prompt. */
export function answerInJson(shape: string): string {
  return `Answer with one JSON object and nothing else (no prose around it), in exactly this shape:\n${shape}`;
}
