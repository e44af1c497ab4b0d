import { ArrowUp, Hammer, LoaderCircle } from 'lucide-react';
import { PROJECT_DESCRIPTION_MAX } from '@kiln/shared';
import { useId, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import type { AppTheme } from './app-theme';
import { AppThemeButton } from './app-theme-button';
import { CreateStatus } from './create-status';
import type { CreateStage } from './use-create-project-flow';

/**
 * The chat-style create form: one message input that sends a follow-up on
 * Enter (Shift+Enter for a new line), and Create, which builds the project from the prompt, the
 * plan so far and anything still typed here.
 */
export function ChatComposer({
  message,
  onMessageChange,
  onSend,
  canSend,
  theme,
  onThemeChange,
  stage,
  onCreate,
}: {
  message: string;
  onMessageChange: (message: string) => void;
  onSend: () => void;
  /** False while the AI is answering. */
  canSend: boolean;
  /** Null when a template is chosen and the AI builds nothing. */
  theme: AppTheme | null;
  onThemeChange: (theme: AppTheme) => void;
  stage: CreateStage;
  onCreate: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const creating = stage !== 'idle';
  const sendable = canSend && !creating && message.trim().length > 0;

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (sendable) onSend();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (sendable) onSend();
      }}
      className="-mx-6 grid shrink-0 gap-2 border-t px-6 pt-4"
    >
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <div className="bg-muted/40 focus-within:border-ring flex items-end gap-2 rounded-xl border p-1.5">
        <textarea
          id={inputId}
          autoFocus
          value={message}
          onChange={(event) => onMessageChange(event.target.value)}
          onKeyDown={handleKeyDown}
          rows={1}
          maxLength={PROJECT_DESCRIPTION_MAX}
          disabled={creating}
          aria-describedby={hintId}
          placeholder="Ask a follow-up or add a detail…"
          className="placeholder:text-muted-foreground field-sizing-content max-h-40 min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 text-base focus-visible:outline-hidden disabled:opacity-50 sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!sendable}>
          <ArrowUp aria-hidden />
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="text-muted-foreground min-w-0 flex-1 text-xs">
          <CreateStatus stage={stage} />
          {!creating && (
            <p id={hintId} className="sr-only md:not-sr-only">
              Enter to send, Shift+Enter for a new line
            </p>
          )}
        </div>
        <div className="ml-auto flex items-center gap-1">
          {theme && <AppThemeButton theme={theme} disabled={creating} onChange={onThemeChange} />}
          <Button type="button" size="sm" disabled={creating} onClick={onCreate}>
            {creating ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Hammer aria-hidden />
            )}
            {creating ? 'Creating...' : 'Create'}
          </Button>
        </div>
      </div>
    </form>
  );
}
