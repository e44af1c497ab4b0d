import type { ChatMessage } from '@kiln/shared';
import { Bot, CircleAlert, LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

import type { ChatStatus } from './use-planning-chat';

function ChatBubble({ message }: { message: ChatMessage }) {
  if (message.role === 'user') {
    return (
      <li className="bg-primary text-primary-foreground ml-auto max-w-[85%] rounded-2xl rounded-br-md px-4 py-2.5 text-sm break-words whitespace-pre-wrap">
        <span className="sr-only">You: </span>
        {message.content}
      </li>
    );
  }
  return (
    <li className="mr-auto flex max-w-[92%] items-start gap-2.5">
      <span className="bg-accent text-accent-foreground mt-0.5 grid size-7 shrink-0 place-items-center rounded-full">
        <Bot className="size-4" aria-hidden />
      </span>
      <div className="bg-muted min-w-0 rounded-2xl rounded-tl-md px-4 py-2.5 text-sm break-words whitespace-pre-wrap">
        <span className="sr-only">Kiln AI: </span>
        {message.content}
      </div>
    </li>
  );
}

/**
 * The planning conversation, scrolling on its own between the header and the composer. A log
 * region, so screen readers announce each answer as it arrives; it scrolls to the newest one.
 */
export function ChatMessageList({
  messages,
  status,
  onRetry,
}: {
  messages: readonly ChatMessage[];
  status: ChatStatus;
  onRetry: () => void;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scroller.scrollTo({ top: scroller.scrollHeight, behavior: reduced ? 'auto' : 'smooth' });
  }, [messages.length, status]);

  return (
    <div
      ref={scrollerRef}
      role="log"
      aria-label="Planning conversation"
      aria-live="polite"
      // Focusable so the conversation can be scrolled from the keyboard; relative so the
      // screen-reader-only labels inside scroll with it instead of stretching the dialog.
      tabIndex={0}
      className="relative -mx-6 grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-6 py-1"
    >
      <ol className="grid gap-4">
        {messages.map((message, index) => (
          <ChatBubble key={index} message={message} />
        ))}
      </ol>
      {status === 'waiting' && (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          Kiln AI is thinking…
        </p>
      )}
      {status === 'failed' && (
        <div className="text-destructive flex flex-wrap items-center gap-2 text-sm">
          <CircleAlert className="size-4" aria-hidden />
          The AI did not answer that message.
          <Button variant="outline" size="sm" onClick={onRetry} className="text-foreground">
            <RotateCcw aria-hidden /> Retry
          </Button>
        </div>
      )}
    </div>
  );
}
