import { ConversationResponseSchema, type ConversationMessage } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './request';

export const conversationQueryKey = (projectId: string) =>
  ['/api/ai/conversation', projectId] as const;

/** GET /api/ai/conversation: this person's conversation with the agent about the project. */
export async function getConversation(projectId: string): Promise<ConversationMessage[]> {
  const answer = await apiJson<unknown>(
    'GET',
    `/api/ai/conversation?projectId=${encodeURIComponent(projectId)}`,
  );
  return ConversationResponseSchema.parse(answer).messages;
}

export const conversationQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: conversationQueryKey(projectId),
    queryFn: () => getConversation(projectId),
  });

export function useConversation(projectId: string) {
  return useQuery(conversationQueryOptions(projectId));
}
