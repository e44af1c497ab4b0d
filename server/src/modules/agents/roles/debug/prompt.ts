import type { AgentFile } from '@kiln/shared';
import { answerInJson, filesForPrompt } from '../../code-context';

export const DEBUG_SYSTEM = `You are Kiln's debugger. A run failed. From the failure output and the code, find the root cause (not the symptom) and suggest fixes with the code to change. The developer applies your fix next, once.

${answerInJson(`{
  "errorType": "TypeError, AssertionError, a wrong result, ...",
  "rootCause": "why it failed, naming the file and line",
  "suggestedFixes": [{ "description": "what to change", "code": "the corrected code" }]
}`)}`;

export function debugRequest(
  userRequest: string,
  failures: string,
  files: readonly AgentFile[],
): string {
  return [
    `What the code is for: ${userRequest}`,
    '',
    'What failed:',
    failures,
    '',
    'The code:',
    filesForPrompt(files),
  ].join('\n');
}
