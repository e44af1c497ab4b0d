import type { AiChatInputSchema } from '@kiln/shared';
import { generateText } from 'ai';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { UserRow } from '../users/tables';
import { toAiError } from './model-errors';
import type { AiProviders } from './providers';
import { assertWithinAllowance, recordUsage } from './usage';

type ChatValues = z.output<typeof AiChatInputSchema>;

/** Text of the attached files given to the planning chat, all together. */
const FILES_MAX_CHARS = 100_000;

const PLANNING_PROMPT = `You help a person plan a new software project in Kiln, a browser-based code workspace, before Kiln's agent builds it.
- Ask at most two short clarifying questions when something essential is unclear; otherwise propose a plan.
- A plan names the main features, the technology (prefer what runs in a browser or on Node.js or Python), the files to create, and the first steps.
- Keep answers short and concrete, in Markdown. When the plan is ready, say that the person can press Create to build it.`;

function filesContext(files: ChatValues['files']): string {
  if (!files || files.length === 0) return '';
  let budget = FILES_MAX_CHARS;
  const parts: string[] = [];
  for (const file of files) {
    if (file.content && budget > 0) {
      const text = file.content.slice(0, budget);
      budget -= text.length;
      parts.push(`File ${file.name} (${file.type}):\n\`\`\`\n${text}\n\`\`\``);
    } else {
      parts.push(`File ${file.name} (${file.type}), content not shown.`);
    }
  }
  return `\n\nThe person attached these files:\n${parts.join('\n\n')}`;
}

/** POST /api/ai/chat: one answer of the create dialog's planning chat. */
export async function answerPlanningChat(options: {
  db: Database;
  providers: AiProviders;
  user: UserRow;
  input: ChatValues;
  signal: AbortSignal;
  idleMs: number;
}): Promise<{ message: string }> {
  const { db, user, input } = options;
  const model = options.providers.resolve(input.provider);
  await assertWithinAllowance(db, user);
  const started = performance.now();
  try {
    const result = await generateText({
      model: model.model,
      system: PLANNING_PROMPT + filesContext(input.files),
      messages: input.messages,
      maxRetries: 1,
      abortSignal: AbortSignal.any([options.signal, AbortSignal.timeout(options.idleMs * 3)]),
      timeout: { stepMs: options.idleMs * 3 },
    });
    await recordUsage({
      db,
      userId: user.id,
      projectId: null,
      kind: 'chat',
      provider: model.provider,
      model: model.modelId,
      inputTokens: result.usage.inputTokens ?? 0,
      outputTokens: result.usage.outputTokens ?? 0,
      durationMs: Math.round(performance.now() - started),
    });
    return { message: result.text };
  } catch (error) {
    throw toAiError(error, model.provider);
  }
}
