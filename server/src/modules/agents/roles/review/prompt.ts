import type { AgentFile } from '@kiln/shared';
import { answerInJson, filesForPrompt } from '../../code-context';

export const REVIEW_SYSTEM = `You are Kiln's code reviewer. Review the files you are given as a careful senior engineer: bugs first, then security, then performance, accessibility and maintainability. Report only real problems, each at the line it is on (the files are shown with line numbers; cite those numbers), with a concrete suggestion. No finding is a fine answer for good code.

severity: "error" for a bug or a security hole, "warning" for a likely problem, "info" for an improvement.
category: one word or two, such as "bug", "security", "performance", "accessibility", "style".

${answerInJson(`{
  "findings": [
    { "file": "src/app.js", "line": 12, "severity": "warning", "category": "bug", "message": "what is wrong", "suggestion": "what to do instead" }
  ]
}`)}`;

export function reviewRequest(files: readonly AgentFile[], context?: string): string {
  return [
    context ? `Context: ${context}\n` : '',
    'Review these files:',
    filesForPrompt(files),
  ].join('\n');
}
