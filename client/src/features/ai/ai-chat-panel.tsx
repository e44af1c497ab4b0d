import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useClearConversation } from './api/clear-conversation';
import { useAiStatus } from '../../lib/ai-status';
import { useAiUsage } from './api/get-ai-usage';
import { useConversation } from '../../lib/ai-conversation';
import { chatItems } from './chat-items';
import { ChatComposer } from './chat-composer';
import { ChatStatusLine } from './chat-status-line';
import { EmptyChat, MessageList } from './message-list';
import { defaultModelLabel } from './model-label';
import { useAgentChat } from './use-agent-chat';
import { useComposerAttachments } from './use-composer-attachments';
import { useUndoTurn } from '../../components/use-undo-turn';

const NOT_CONFIGURED = 'No AI provider is configured on this Kiln server.';

/**
 * The editor's AI Chat (decision 0014): a conversation with the agent about this
 * project, kept by the server, with the turn in flight streamed in as it happens.
 */
export function AiChatPanel({
  projectId,
  openFile,
  onOpenFile,
  onFilesChanged,
  failureMessage,
}: {
  projectId: string;
  /** The file open in the editor, given to the agent as context. */
  openFile: string | null;
  onOpenFile: (path: string) => void;
  /** The agent changed files (or a turn was undone): the editor reads them again. */
  onFilesChanged: () => void;
  /** The 'AI Error' toast's text when a failure gives no reason (useAgentChat). */
  failureMessage?: string;
}) {
  const status = useAiStatus();
  const usage = useAiUsage();
  const conversation = useConversation(projectId);
  const chat = useAgentChat({ projectId, openFile, onFilesChanged, failureMessage });
  const undo = useUndoTurn({ projectId, onFilesChanged });
  const clear = useClearConversation(projectId);
  const attachments = useComposerAttachments();
  const [message, setMessage] = useState('');
  const [confirmingClear, setConfirmingClear] = useState(false);

  const unconfigured = status.data?.configured === false;
  const unavailableMessage = unconfigured ? (status.data?.message ?? NOT_CONFIGURED) : null;
  const items = chatItems(conversation.data ?? [], chat.turn);

  const send = () => {
    // A turn is placed after the stored messages, so they are read first.
    if (chat.running || unconfigured || attachments.reading || conversation.isPending) return;
    if (!message.trim() && attachments.attachments.length === 0) return;
    void chat.send(message, attachments.attachments);
    setMessage('');
    attachments.clear();
  };

  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        chat.reset();
        setConfirmingClear(false);
        toast({ title: 'Chat cleared', variant: 'success' });
      },
      onError: (error) =>
        toast({
          title: 'Clear failed',
          description: messageOf(error, 'Failed to clear the chat'),
          variant: 'destructive',
        }),
    });

  return (
    <section aria-label="AI chat" className="flex h-full min-h-0 flex-col">
      {conversation.isPending ? (
        <p className="text-muted-foreground flex flex-1 items-center justify-center gap-2 text-sm">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          Loading the conversation...
        </p>
      ) : conversation.isError && !chat.turn ? (
        <div className="text-muted-foreground grid flex-1 content-center justify-items-center gap-3 p-6 text-center text-sm">
          <p>{messageOf(conversation.error, 'The conversation could not be loaded.')}</p>
          <Button variant="outline" size="sm" onClick={() => void conversation.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <MessageList
          items={items}
          busy={chat.running}
          emptyState={<EmptyChat unavailableMessage={unavailableMessage} />}
          followFrom={chat.turn?.request}
          pendingUndo={undo.pendingCheckpoint}
          onUndo={undo.undo}
          onOpenFile={onOpenFile}
        />
      )}
      {unavailableMessage && items.length > 0 && (
        <p
          role="status"
          className="text-muted-foreground border-t px-3 py-2 text-xs break-words"
          data-testid="ai-unavailable"
        >
          {unavailableMessage}
        </p>
      )}
      <ChatComposer
        message={message}
        onMessageChange={setMessage}
        attachments={attachments.attachments}
        readingAttachments={attachments.reading}
        onAttach={(files) => void attachments.add(files)}
        onRemoveAttachment={attachments.remove}
        running={chat.running}
        disabled={unconfigured}
        onSend={send}
        onStop={chat.stop}
        footer={
          <ChatStatusLine
            modelLabel={status.data ? defaultModelLabel(status.data) : null}
            usage={usage.data}
            canClear={!chat.running && items.length > 0}
            onClear={() => setConfirmingClear(true)}
          />
        }
      />
      <ConfirmDialog
        open={confirmingClear}
        onClose={() => setConfirmingClear(false)}
        title="Clear the chat?"
        description="The conversation with the AI about this project is deleted. Your files stay as they are."
        confirmLabel="Clear chat"
        pendingLabel="Clearing..."
        isPending={clear.isPending}
        onConfirm={confirmClear}
      />
      <ConfirmDialog
        open={undo.conflict !== null}
        onClose={undo.dismissConflict}
        title="Undo anyway?"
        description={undo.conflict?.message ?? ''}
        confirmLabel="Undo anyway"
        pendingLabel="Undoing..."
        isPending={undo.pendingCheckpoint !== null}
        onConfirm={undo.confirmConflict}
      />
    </section>
  );
}
