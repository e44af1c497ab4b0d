import type { AiChatInput, ChatMessage, UploadedFile } from '@kiln/shared';

/** A file as the planning chat sends it to POST /api/ai/chat. */
export type ChatFile = NonNullable<AiChatInput['files']>[number];

/** The first message of a conversation: the prompt, or a request about the attachments alone. */
export function openingMessage(
  prompt: string,
  files: readonly Pick<UploadedFile, 'name'>[],
): string {
  const text = prompt.trim();
  if (text || files.length === 0) return text;
  const names = files.map((file) => file.name).join(', ');
  return files.length === 1
    ? `Help me plan a project from the attached file: ${names}.`
    : `Help me plan a project from the attached files: ${names}.`;
}

/**
 * The conversation as the chat call sends it. A message whose answer failed stays on screen, so
 * a follow-up can sit right after it; consecutive messages of one role are merged because the
 * model expects the roles to alternate.
 */
export function toChatRequestMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const merged: ChatMessage[] = [];
  for (const message of messages) {
    const previous = merged.at(-1);
    if (previous && previous.role === message.role) {
      merged[merged.length - 1] = {
        role: message.role,
        content: `${previous.content}\n\n${message.content}`,
      };
    } else {
      merged.push({ ...message });
    }
  }
  return merged;
}

export function toChatFiles(files: readonly UploadedFile[]): ChatFile[] {
  return files.map(({ name, type, content, url }) => ({ name, type, content, url }));
}

/** The assistant's most recent answer, which is the plan as it stands. */
export function latestPlan(messages: readonly ChatMessage[]): string | undefined {
  return messages.findLast((message) => message.role === 'assistant')?.content;
}
