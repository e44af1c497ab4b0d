import type { ConversationMessage } from '@kiln/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/request';
import { conversationQueryKey } from '../../../lib/ai-conversation';

/** DELETE /api/ai/conversation: Clear. The files and their checkpoints stay. */
export async function clearConversation(projectId: string): Promise<void> {
  await apiRequest('DELETE', `/api/ai/conversation?projectId=${encodeURIComponent(projectId)}`);
}

export function useClearConversation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearConversation(projectId),
    onSuccess: () =>
      queryClient.setQueryData<ConversationMessage[]>(conversationQueryKey(projectId), []),
  });
}
