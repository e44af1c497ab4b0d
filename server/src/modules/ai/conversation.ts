import type { AiAttachment, ConversationMessage, FileChange } from '@kiln/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aiCheckpoints, aiMessages } from './tables';
import { getReadableProject } from '../projects';

/** Messages of a conversation shown and given to the model; older ones are left out. */
export const CONVERSATION_MAX_MESSAGES = 500;

/** The project's conversation with the agent for this user, oldest first. */
export async function loadConversation(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<ConversationMessage[]> {
  const { db, userId, projectId } = options;
  await getReadableProject(options);
  const rows = await db
    .select({ message: aiMessages, restoredAt: aiCheckpoints.restoredAt })
    .from(aiMessages)
    .leftJoin(aiCheckpoints, eq(aiCheckpoints.id, aiMessages.checkpointId))
    .where(and(eq(aiMessages.projectId, projectId), eq(aiMessages.userId, userId)))
    .orderBy(desc(aiMessages.createdAt))
    .limit(CONVERSATION_MAX_MESSAGES);
  // The newest messages, shown oldest first.
  return rows.reverse().map(({ message, restoredAt }) => ({
    id: message.id,
    role: message.role,
    content: message.content,
    attachments: message.attachments,
    filesModified: message.filesModified,
    actionLog: message.actionLog,
    checkpointId: message.checkpointId,
    undone: restoredAt != null,
    model: message.model,
    createdAt: message.createdAt.toISOString(),
  }));
}

/** Keeps the person's request; attachments by name and kind only. */
export async function appendUserMessage(options: {
  db: Database;
  userId: string;
  projectId: string;
  content: string;
  attachments: readonly AiAttachment[];
}): Promise<void> {
  await options.db.insert(aiMessages).values({
    projectId: options.projectId,
    userId: options.userId,
    role: 'user',
    content: options.content,
    attachments: options.attachments.map(({ type, name, mimeType }) => ({ type, name, mimeType })),
    createdAt: new Date(),
  });
}

export async function appendAssistantMessage(options: {
  db: Database;
  userId: string;
  projectId: string;
  content: string;
  filesModified: FileChange[];
  actionLog: string[];
  checkpointId: string | null;
  model: string;
}): Promise<void> {
  const { db, ...values } = options;
  await db.insert(aiMessages).values({ role: 'assistant', ...values, createdAt: new Date() });
}

/** Clear: the conversation is emptied; the files and their checkpoints stay. */
export async function clearConversation(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<void> {
  const { db, userId, projectId } = options;
  await getReadableProject(options);
  await db
    .delete(aiMessages)
    .where(and(eq(aiMessages.projectId, projectId), eq(aiMessages.userId, userId)));
}
