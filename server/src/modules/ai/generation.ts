import type { GenerateProjectInputSchema, GenerationStatus } from '@kiln/shared';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { runAgentRequest, type AgentDeps } from './agent-service';

type GenerateValues = z.output<typeof GenerateProjectInputSchema>;

/** The request the agent gets to build a new project from its description. */
export function generationBrief(input: GenerateValues): string {
  return [
    `Build this new project from its description, creating its files.`,
    `Name: ${input.name}`,
    input.language ? `Language: ${input.language}` : '',
    '',
    input.description,
    '',
    'Start from the files already there (a template may have made some). Write complete, working files: an index.html for a website, a package.json when it needs one, and a short README.md saying what it is and how to run it. Keep it small enough to read, and finish with a summary of what you built.',
  ]
    .filter((line, index) => line !== '' || index > 0)
    .join('\n');
}

/**
 * POST /api/ai/generate-project: the agent builds the project from its description. The turn
 * is kept in the project's conversation, so the editor's chat shows what was done and offers
 * Undo; the files appear in the editor as they are written.
 */
export async function generateProject(options: {
  deps: AgentDeps;
  user: UserRow;
  input: GenerateValues;
  signal: AbortSignal;
}): Promise<GenerationStatus> {
  const { input } = options;
  const startedAt = new Date().toISOString();
  const outcome = await runAgentRequest({
    deps: options.deps,
    user: options.user,
    kind: 'generate',
    input: {
      projectId: input.projectId,
      message: generationBrief(input),
      attachments: [],
      conversationHistory: [],
      ...(input.provider ? { provider: input.provider } : {}),
    },
    signal: options.signal,
    emit: () => undefined,
  });
  if (outcome.failure) throw outcome.failure;
  return {
    projectId: input.projectId,
    status: 'completed',
    message: outcome.response.message,
    filesModified: outcome.response.filesModified,
    actionLog: outcome.response.actionLog,
    startedAt,
    finishedAt: new Date().toISOString(),
  };
}
