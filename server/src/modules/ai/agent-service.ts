import type { AgentInputSchema, AgentStreamEvent, ConversationMessage } from '@kiln/shared';
import { and, eq } from 'drizzle-orm';
import type { UserContent } from 'ai';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { files } from '../files/tables';
import type { UserRow } from '../users/tables';
import { AppError } from '../../lib/app-error';
import { byPath } from '../files';
import { getEditableProject, type StorageCaps } from '../projects';
import type { AgentLimits, AgentTurnOutcome } from './agent/run-agent-turn';
import { runAgentTurn } from './agent/run-agent-turn';
import { attachmentParts, checkAttachment } from './attachments';
import { appendAssistantMessage, appendUserMessage, loadConversation } from './conversation';
import { agentSystemPrompt, conversationForModel } from './prompt';
import type { ProjectToolsFactory } from './project-tools';
import type { AiProviders } from './providers';
import { assertWithinAllowance, recordUsage } from './usage';

type AgentValues = z.output<typeof AgentInputSchema>;

export interface AgentDeps {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  providers: AiProviders;
  limits: AgentLimits;
  tools: ProjectToolsFactory;
}

/** The project as the agent first sees it: its tree and the file open in the editor. */
export async function projectContext(
  db: Database,
  projectId: string,
  openFile: string | undefined,
) {
  const paths = await db
    .select({ path: files.path, isDirectory: files.isDirectory })
    .from(files)
    .where(eq(files.projectId, projectId))
    .orderBy(byPath);
  let open: { path: string; content: string } | null = null;
  if (openFile) {
    const [row] = await db
      .select({ content: files.content })
      .from(files)
      .where(and(eq(files.projectId, projectId), eq(files.path, openFile)))
      .limit(1);
    if (row?.content != null) open = { path: openFile, content: row.content };
  }
  return { paths, openFile: open };
}

/**
 * A request to the agent (POST /api/ai/agent): checks, keeps the request in the conversation,
 * runs the turn with the conversation as context, keeps the answer and records the usage.
 */
export async function runAgentRequest(options: {
  deps: AgentDeps;
  user: UserRow;
  input: AgentValues;
  /** Project generation is counted apart from the editor's chat. */
  kind?: 'agent' | 'generate';
  signal: AbortSignal;
  emit: (event: AgentStreamEvent) => void;
}): Promise<AgentTurnOutcome> {
  const { deps, user, input } = options;
  const { db } = deps;
  const project = await getEditableProject({ db, userId: user.id, projectId: input.projectId });
  const model = deps.providers.resolve(input.provider);
  for (const attachment of input.attachments) checkAttachment(attachment);
  if (!input.message.trim() && input.attachments.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Write a message or attach a file');
  }
  await assertWithinAllowance(db, user);

  const stored = await loadConversation({ db, userId: user.id, projectId: project.id });
  // A client that keeps the conversation itself sends it; Kiln's own keeps it here.
  const history: ConversationMessage[] =
    stored.length > 0
      ? stored
      : input.conversationHistory.map((message, index) => ({
          id: `client-${index}`,
          role: message.role,
          content: message.content,
          attachments: (message.attachments ?? []).map(({ type, name, mimeType }) => ({
            type,
            name,
            mimeType,
          })),
          filesModified: [],
          actionLog: [],
          checkpointId: null,
          undone: false,
          model: null,
          createdAt: new Date(0).toISOString(),
        }));
  const request: UserContent = [
    { type: 'text', text: input.message.trim() || 'See the attached files.' },
    ...(await attachmentParts(input.attachments, model.acceptsImages)),
  ];
  const context = await projectContext(db, project.id, input.openFile);
  await appendUserMessage({
    db,
    userId: user.id,
    projectId: project.id,
    content: input.message,
    attachments: input.attachments,
  });

  const outcome = await runAgentTurn({
    db,
    storageCaps: deps.storageCaps,
    userId: user.id,
    projectId: project.id,
    model,
    system: agentSystemPrompt({
      name: project.name,
      description: project.description,
      language: project.language,
      ...context,
    }),
    messages: [...conversationForModel(history), { role: 'user', content: request }],
    request: input.message,
    limits: deps.limits,
    tools: deps.tools({ userId: user.id, projectId: project.id }),
    signal: options.signal,
    emit: options.emit,
  });

  const { response } = outcome;
  await appendAssistantMessage({
    db,
    userId: user.id,
    projectId: project.id,
    content: response.message,
    filesModified: response.filesModified,
    actionLog: response.actionLog,
    checkpointId: response.checkpointId,
    model: response.model,
  });
  await recordUsage({
    db,
    userId: user.id,
    projectId: project.id,
    kind: options.kind ?? 'agent',
    provider: model.provider,
    model: model.modelId,
    ...response.usage,
    durationMs: outcome.durationMs,
  });
  return outcome;
}
