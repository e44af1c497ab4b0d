import {
  AiChatResponseSchema,
  UploadedFileSchema,
  type AiChatInput,
  type ChatMessage,
  type GenerateProjectInput,
  type UploadedFile,
} from '@kiln/shared';
import { apiJson, apiRequest } from '../../../lib/request';
import type { ChatFile } from './chat-messages';

/** POST /api/upload/project-file takes one file per request. */
export async function uploadProjectFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiRequest('POST', '/api/upload/project-file', form);
  return UploadedFileSchema.parse(await response.json());
}

/** POST /api/ai/chat; the reply is model output, so it is checked before it is shown. */
export async function requestPlanningReply({
  messages,
  files,
}: {
  messages: ChatMessage[];
  files: ChatFile[];
}): Promise<string> {
  const input: AiChatInput = {
    messages,
    provider: 'anthropic',
    ...(files.length > 0 ? { files } : {}),
  };
  const parsed = AiChatResponseSchema.safeParse(
    await apiJson<unknown>('POST', '/api/ai/chat', input),
  );
  if (!parsed.success || !parsed.data.message.trim()) {
    throw new Error('The AI answer could not be read.');
  }
  return parsed.data.message;
}

/** POST /api/ai/generate-project; its answer is not read. */
export async function requestProjectGeneration(input: GenerateProjectInput): Promise<void> {
  await apiRequest('POST', '/api/ai/generate-project', input);
}
