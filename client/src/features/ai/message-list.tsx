import { Sparkles } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { AgentTurn } from './agent-turn';
import { AssistantMessage, type AnswerState, type UndoState } from './assistant-message';
import type { ChatItem } from './chat-items';
import { liveSteps, loggedSteps } from './tool-steps';
import { useStickToBottom } from './use-stick-to-bottom';
import { UserMessage } from './user-message';

function turnState(turn: AgentTurn): AnswerState {
  if (turn.status === 'failed') {
    return { kind: 'failed', message: turn.error?.message ?? 'Failed to get AI response' };
  }
  return { kind: turn.status };
}

function undoState(
  checkpointId: string | null,
  undone: boolean,
  pendingCheckpointId: string | null,
): UndoState | null {
  return checkpointId
    ? { checkpointId, undone, pending: pendingCheckpointId === checkpointId }
    : null;
}

/**
 * The conversation (role=log: new answers are announced). While an answer streams the log is
 * busy, so a screen reader reads the answer once rather than token by token.
 */
export function MessageList({
  items,
  busy,
  emptyState,
  followFrom,
  pendingUndo,
  onUndo,
  onOpenFile,
}: {
  items: readonly ChatItem[];
  busy: boolean;
  /** Shown while there are no messages. */
  emptyState: ReactNode;
  /** Changes when the person sends: the list returns to its newest message and follows it. */
  followFrom: unknown;
  pendingUndo: string | null;
  onUndo: (checkpointId: string) => void;
  onOpenFile: (path: string) => void;
}) {
  const { scrollerRef, contentRef, follow } = useStickToBottom();
  useEffect(() => follow(), [follow, followFrom]);
  return (
    <div
      ref={scrollerRef}
      role="log"
      aria-label="AI chat messages"
      aria-live="polite"
      aria-busy={busy}
      // Focusable so the conversation can be scrolled from the keyboard; relative so the
      // screen-reader-only headings inside scroll with it instead of stretching the page.
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-y-auto focus-visible:outline-offset-[-2px]"
    >
      <div ref={contentRef} className="p-3">
        {items.length === 0 ? (
          emptyState
        ) : (
          <ol className="grid grid-cols-1 gap-5">
            {items.map((item) => {
              if (item.kind === 'turn') {
                const { turn } = item;
                return [
                  <UserMessage
                    key="turn-request"
                    content={turn.request.content}
                    attachments={turn.request.attachments}
                  />,
                  <AssistantMessage
                    key="turn-answer"
                    model={turn.model}
                    text={turn.text}
                    steps={liveSteps(turn.steps)}
                    filesModified={turn.filesModified}
                    state={turnState(turn)}
                    undo={undoState(turn.checkpointId, false, pendingUndo)}
                    onUndo={onUndo}
                    onOpenFile={onOpenFile}
                  />,
                ];
              }
              const { message } = item;
              return message.role === 'user' ? (
                <UserMessage
                  key={message.id}
                  content={message.content}
                  attachments={message.attachments}
                />
              ) : (
                <AssistantMessage
                  key={message.id}
                  model={message.model}
                  text={message.content}
                  steps={
                    item.liveSteps ? liveSteps(item.liveSteps) : loggedSteps(message.actionLog)
                  }
                  filesModified={message.filesModified}
                  state={{ kind: 'done' }}
                  undo={undoState(message.checkpointId, message.undone, pendingUndo)}
                  onUndo={onUndo}
                  onOpenFile={onOpenFile}
                />
              );
            })}
          </ol>
        )}
      </div>
    </div>
  );
}

/** Before the first message: what the agent can do, or why it cannot. */
export function EmptyChat({ unavailableMessage }: { unavailableMessage: string | null }) {
  return (
    <div className="text-muted-foreground grid justify-items-center gap-3 px-3 py-10 text-center text-sm">
      <Sparkles className="text-primary size-8" aria-hidden />
      {unavailableMessage ? (
        <>
          <p className="text-foreground font-medium">The AI assistant is not set up</p>
          <p role="status" className="max-w-sm break-words">
            {unavailableMessage}
          </p>
        </>
      ) : (
        <>
          <p className="text-foreground font-medium">Ask Kiln AI about this project</p>
          <p className="max-w-xs">
            It reads your files and can change them: explain code, fix a bug, add a page. Each
            change can be undone.
          </p>
        </>
      )}
    </div>
  );
}
