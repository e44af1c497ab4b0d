import type { ChatMessage, UploadedFile } from '@kiln/shared';
import { useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { messageOf } from '../../../lib/api-error';
import { toChatFiles, toChatRequestMessages } from './chat-messages';
import { requestPlanningReply } from './requests';

export type ChatStatus = 'idle' | 'waiting' | 'failed';

/**
 * The planning chat's conversation. Every request carries the whole conversation and the
 * attachments, since the chat call keeps no state between requests.
 */
export function usePlanningChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>('idle');
  // Answers to a conversation that was reset (Back then a new prompt, or a created project)
  // arrive late and must not land in the next one.
  const conversation = useRef(0);

  const ask = async (history: ChatMessage[], files: readonly UploadedFile[]) => {
    const asked = conversation.current;
    setStatus('waiting');
    try {
      const reply = await requestPlanningReply({
        messages: toChatRequestMessages(history),
        files: toChatFiles(files),
      });
      if (asked !== conversation.current) return;
      setMessages((current) => [...current, { role: 'assistant', content: reply }]);
      setStatus('idle');
    } catch (error) {
      if (asked !== conversation.current) return;
      setStatus('failed');
      toast({
        title: 'Chat error',
        description: messageOf(error, 'Failed to get AI response'),
        variant: 'destructive',
      });
    }
  };

  const send = (content: string, files: readonly UploadedFile[]) => {
    const text = content.trim();
    if (!text || status === 'waiting') return;
    const history: ChatMessage[] = [...messages, { role: 'user', content: text }];
    setMessages(history);
    void ask(history, files);
  };

  /** Asks again for an answer to the conversation as it stands, after a failure. */
  const retry = (files: readonly UploadedFile[]) => {
    if (status !== 'failed' || messages.length === 0) return;
    void ask(messages, files);
  };

  const reset = () => {
    conversation.current += 1;
    setMessages([]);
    setStatus('idle');
  };

  /** Begins a new conversation with its opening message. */
  const start = (opening: string, files: readonly UploadedFile[]) => {
    const text = opening.trim();
    if (!text) return;
    conversation.current += 1;
    const history: ChatMessage[] = [{ role: 'user', content: text }];
    setMessages(history);
    void ask(history, files);
  };

  return { messages, status, send, retry, reset, start };
}
