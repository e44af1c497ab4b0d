import { ChevronDown, ChevronUp, Copy, Loader2, SquareTerminal, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import {
  runHeading,
  runLines,
  runsText,
  runSummary,
  type RunEntry,
  type RunLineKind,
} from './run-output';

const LINE_CLASS: Record<RunLineKind, string> = {
  stdout: 'text-foreground',
  error: 'text-destructive',
  notice: 'text-amber-700 dark:text-amber-400',
  status: 'text-muted-foreground',
};

export interface TerminalPanelProps {
  entries: readonly RunEntry[];
  /** Whether the output shows; collapsed, only the title bar does. */
  open: boolean;
  onToggle: () => void;
  onClear: () => void;
  /** The platform's keys for Run and for this panel, for the hints. */
  runShortcut: string;
  toggleShortcut: string;
}

/**
 * The Terminal under the editor. Each run shows its file,
 * language and sandbox, what it printed, its error as 'Error: {error}', any limit that stopped
 * it, and how it exited. The title bar keeps the latest run's outcome in view (and announces
 * it) even while the panel is collapsed.
 */
export function TerminalPanel({
  entries,
  open,
  onToggle,
  onClear,
  runShortcut,
  toggleShortcut,
}: TerminalPanelProps) {
  const titleId = useId();
  const outputId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const latest = entries.at(-1);
  const summary = runSummary(latest);
  const text = runsText(entries);

  // Follow the newest output, as a terminal does.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text, open]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied to clipboard', variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser did not allow access to the clipboard.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={titleId} className="bg-card flex h-full min-h-0 flex-col">
      <div className="@container flex h-9 shrink-0 items-center gap-1 border-b px-1">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={outputId}
          title={`${open ? 'Hide' : 'Show'} the terminal (${toggleShortcut})`}
          className="hover:bg-muted flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-2 text-xs font-medium"
        >
          <SquareTerminal className="size-4" aria-hidden />
          <span id={titleId}>Terminal</span>
          {open ? (
            <ChevronDown className="size-3.5" aria-hidden />
          ) : (
            <ChevronUp className="size-3.5" aria-hidden />
          )}
        </button>
        {/* Too narrow a bar (a phone) leaves no room for the outcome; it is still announced. */}
        <span
          aria-hidden
          className={cn(
            'text-muted-foreground hidden min-w-0 items-center gap-1.5 text-xs @2xs:flex',
            latest?.status === 'failed' && 'text-destructive',
          )}
        >
          {latest?.status === 'running' && (
            <Loader2 className="size-3 shrink-0 animate-spin" aria-hidden />
          )}
          <span className="truncate">{summary}</span>
        </span>
        <span role="status" className="sr-only" data-testid="run-status">
          {summary}
        </span>
        <div className="ml-auto flex shrink-0 items-center">
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Copy output"
            title="Copy output"
            disabled={entries.length === 0}
            onClick={() => void copy()}
          >
            <Copy />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Clear output"
            title="Clear output"
            disabled={entries.every((entry) => entry.status === 'running')}
            onClick={onClear}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <div
        ref={scroller}
        id={outputId}
        role="region"
        aria-label="Run output"
        // Scrollable output must be reachable by keyboard.
        tabIndex={0}
        hidden={!open}
        className="min-h-0 flex-1 overflow-auto p-3 font-mono text-xs leading-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        data-testid="run-output"
      >
        {entries.length === 0 ? (
          <p className="text-muted-foreground font-sans">
            Run a JavaScript, TypeScript or Python file with the Run button or {runShortcut}; its
            output shows here.
          </p>
        ) : (
          entries.map((entry) => <RunBlock key={entry.id} entry={entry} />)
        )}
      </div>
    </section>
  );
}

function RunBlock({ entry }: { entry: RunEntry }) {
  const { file, details } = runHeading(entry);
  return (
    <article className="mb-3 last:mb-0" aria-label={`Run of ${file}`} data-testid="run">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-primary select-none" aria-hidden>
          $
        </span>
        <span className="text-foreground min-w-0 font-semibold [overflow-wrap:anywhere]">
          {file}
        </span>
        {details.length > 0 && <span className="text-muted-foreground">{details.join(' · ')}</span>}
      </p>
      {runLines(entry).map((line, index) => (
        <pre
          key={index}
          className={cn(
            'font-mono break-words whitespace-pre-wrap [overflow-wrap:anywhere]',
            LINE_CLASS[line.kind],
          )}
          data-kind={line.kind}
        >
          {line.text}
        </pre>
      ))}
    </article>
  );
}
