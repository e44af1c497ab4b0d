import { AGENT_REQUEST_MAX } from '@kiln/shared';
import { Hammer, Square } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';

/**
 * What the agents should build: Ctrl/Cmd+Enter or Build starts a run; while the panel follows
 * one, Build becomes Stop, which ends the run on the server at its next step.
 */
export function RequestForm({
  request,
  onRequestChange,
  disabled,
  working,
  canStop,
  onBuild,
  onStop,
}: {
  request: string;
  onRequestChange: (request: string) => void;
  /** No AI provider on this server. */
  disabled: boolean;
  /** A run is going on: no second one from here. */
  working: boolean;
  /** The run is followed through its own stream, which Stop can leave. */
  canStop: boolean;
  onBuild: () => void;
  onStop: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (!disabled && !working) onBuild();
  };
  return (
    <form
      aria-label="Ask the agents"
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled && !working) onBuild();
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        What do you want to build?
      </label>
      <textarea
        id={inputId}
        value={request}
        onChange={(event) => onRequestChange(event.target.value)}
        onKeyDown={handleKeyDown}
        maxLength={AGENT_REQUEST_MAX}
        disabled={disabled}
        aria-describedby={hintId}
        rows={3}
        placeholder={
          disabled
            ? 'The AI is not set up on this server'
            : 'A contact form that checks the email before sending…'
        }
        className="bg-background placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-ring/40 block max-h-48 min-h-20 w-full resize-y rounded-lg border px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm"
      />
      <div className="flex items-center gap-2">
        <p id={hintId} className="text-muted-foreground min-w-0 flex-1 text-xs">
          The agents get the open file and your unsaved edits, and read the rest themselves.
        </p>
        {canStop ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label="Stop the run"
            onClick={onStop}
          >
            <Square className="fill-current" aria-hidden />
            Stop
          </Button>
        ) : (
          <Button type="submit" size="sm" disabled={disabled || working}>
            <Hammer aria-hidden />
            Build
          </Button>
        )}
      </div>
    </form>
  );
}
