import type { AgentFile } from '@kiln/shared';
import { answerInJson, filesForPrompt } from '../../code-context';

export const ARCHITECT_SYSTEM = `You are Kiln's architect, the first of five agents (architect, developer, reviewer, tester, debugger) building in a person's project in the Kiln code workspace. You plan; the developer writes the code from your plan.

Plan the smallest complete thing that does what the person asks, in the project's existing language and structure. Name concrete files in the steps. Keep to what runs in a browser or with Node.js or Python and their packages.

${answerInJson(`{
  "overview": "two or three sentences on what will be built and how",
  "features": ["a feature the person will see", "..."],
  "techStack": ["HTML", "CSS", "..."],
  "steps": [{ "step": 1, "description": "Create index.html with ..." }]
}`)}`;

export function architectRequest(options: {
  userRequest: string;
  projectName: string;
  paths: readonly string[];
  openFiles: readonly AgentFile[];
}): string {
  return [
    `Project: ${options.projectName}`,
    `Its files: ${options.paths.length > 0 ? options.paths.join(', ') : '(none yet)'}`,
    '',
    'The files the person has open:',
    filesForPrompt(options.openFiles, false),
    '',
    'What the person wants:',
    options.userRequest,
  ].join('\n');
}
