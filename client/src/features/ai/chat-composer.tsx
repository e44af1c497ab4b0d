import { AI_ATTACHMENT_ACCEPT, AI_MESSAGE_MAX } from '@kiln/shared';
import { ArrowUp, Paperclip, Square } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import type { ComposerAttachment } from './attachments';
import { AttachmentChips } from './attachment-chips';

/**
 * The message box: 60 to 120 px high, Enter sends and Shift+Enter breaks the
 * line; empty text with no attachment cannot be sent, nor a second message while one is
 * answered. While a turn runs, Send becomes Stop.
 */
export function ChatComposer({
  message,
  onMessageChange,
  attachments,
  readingAttachments,
  onAttach,
  onRemoveAttachment,
  running,
  disabled,
  onSend,
  onStop,
  footer,
}: {
  message: string;
  onMessageChange: (message: string) => void;
  attachments: readonly ComposerAttachment[];
  readingAttachments: boolean;
  onAttach: (files: File[]) => void;
  onRemoveAttachment: (id: string) => void;
  running: boolean;
  /** No model to send to. */
  disabled: boolean;
  onSend: () => void;
  onStop: () => void;
  /** The model, the month's usage and Clear, under the box. */
  footer: ReactNode;
}) {
  const inputId = useId();
  const hintId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const sendable =
    !disabled &&
    !running &&
    !readingAttachments &&
    (message.trim().length > 0 || attachments.length > 0);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (sendable) onSend();
  };

  return (
    <form
      aria-label="Message the AI"
      onSubmit={(event) => {
        event.preventDefault();
        if (sendable) onSend();
      }}
      className="@container grid shrink-0 gap-2 border-t p-3"
    >
      <AttachmentChips
        attachments={attachments}
        reading={readingAttachments}
        onRemove={onRemoveAttachment}
      />
      <div className="bg-background focus-within:border-ring focus-within:ring-ring/40 rounded-lg border focus-within:ring-2">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          value={message}
          onChange={(event) => onMessageChange(event.target.value)}
          onKeyDown={handleKeyDown}
          maxLength={AI_MESSAGE_MAX}
          disabled={disabled}
          aria-describedby={hintId}
          placeholder={
            disabled
              ? 'The AI is not set up on this server'
              : 'Ask the AI to explain or change code…'
          }
          // The ring on the box shows focus; the field's own outline would double it.
          className="placeholder:text-muted-foreground block field-sizing-content max-h-[120px] min-h-[60px] w-full resize-none bg-transparent px-3 py-2 text-base outline-none focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm"
        />
        <div className="flex items-center justify-between gap-2 px-1.5 pb-1.5">
          <input
            ref={fileInputRef}
            type="file"
            multiple
            accept={AI_ATTACHMENT_ACCEPT}
            hidden
            tabIndex={-1}
            data-testid="ai-attachment-input"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // Cleared so choosing the same file again still counts as a change.
              event.target.value = '';
              if (files.length > 0) onAttach(files);
            }}
          />
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground h-8 px-2"
            disabled={disabled}
            aria-label="Attach files"
            title="Attach images, text, Markdown, PDF or JSON (10MB each)"
            onClick={() => fileInputRef.current?.click()}
          >
            <Paperclip aria-hidden />
          </Button>
          <p id={hintId} className="text-muted-foreground hidden truncate text-xs @sm:block">
            Enter to send, Shift+Enter for a new line
          </p>
          {running ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-8"
              aria-label="Stop the answer"
              onClick={onStop}
            >
              <Square className="fill-current" aria-hidden />
              Stop
            </Button>
          ) : (
            <Button
              type="submit"
              size="icon"
              className="size-8"
              aria-label="Send message"
              disabled={!sendable}
            >
              <ArrowUp aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {footer}
    </form>
  );
}
