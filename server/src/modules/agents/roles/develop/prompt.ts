import type { DebugReport, Plan } from '@kiln/shared';

/**
 * The developer works through the agent's tools (read, write, edit, run), so its request is
 * words, not JSON: the plan to carry out, or the debugger's diagnosis to fix.
 */
export function developRequest(userRequest: string, plan: Plan): string {
  return [
    'You are the developer of a team of Kiln agents. The architect planned the work below; carry it out now, writing complete, working files with your tools. Do not ask questions. Finish with two or three sentences on what you built.',
    '',
    `What the person asked: ${userRequest}`,
    '',
    `Plan: ${plan.overview}`,
    `Features: ${plan.features.join('; ')}`,
    `Tech stack: ${plan.techStack.join(', ')}`,
    'Steps:',
    ...plan.steps.map((step) => `${step.step}. ${step.description}`),
  ].join('\n');
}

export function fixRequest(userRequest: string, report: DebugReport, failures: string): string {
  return [
    'You are the developer of a team of Kiln agents. A test of what you built failed; the debugger diagnosed it below. Fix the cause in the project files with your tools (fix the code, not the test, unless the test itself is wrong). Finish with one or two sentences on what you changed.',
    '',
    `What the person asked: ${userRequest}`,
    '',
    `Error type: ${report.errorType}`,
    `Root cause: ${report.rootCause}`,
    'Suggested fixes:',
    ...report.suggestedFixes.map((fix) => `- ${fix.description}\n${fix.code}`),
    '',
    'What failed:',
    failures,
  ].join('\n');
}
