import type { AgentFile } from '@kiln/shared';
import { answerInJson, filesForPrompt } from '../../code-context';

export const TEST_SYSTEM = `You are Kiln's tester. Write the test cases that show the code does what was asked: the main path, edge cases and errors.

Where the code is JavaScript, TypeScript or Python that can run on its own, also write runnable test files: plain scripts with no test framework and no packages, which import or load the code under test by relative path, check with node:assert (JavaScript) or assert (Python), print what they check, and exit with a failure when a check fails. Name them tests/<name>.test.js (or .test.mjs, .test.ts) or tests/test_<name>.py. Kiln runs each one in a sandbox from the project root; a browser page cannot be run there, so for HTML and CSS give test cases only and no files.

${answerInJson(`{
  "description": "what these tests cover",
  "testCases": [
    { "name": "adds two numbers", "type": "unit", "steps": ["call add(2, 3)"], "expectedResult": "5" }
  ],
  "files": [{ "path": "tests/math.test.js", "content": "..." }]
}`)}`;

export function testRequest(files: readonly AgentFile[], userRequest: string): string {
  return [
    userRequest ? `What the code is for: ${userRequest}\n` : '',
    'Write tests for these files:',
    filesForPrompt(files, false),
  ].join('\n');
}
