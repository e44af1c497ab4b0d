import { Copy, Loader2, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { isInstall, outputSummary, outputText, type OutputEntry } from './output-entries';

/**
 * The latest run's or install's outcome in one line, kept in the title bar (and announced)
 * even while the panel is collapsed or a shell is shown.
 */
export function OutputSummary({ entries }: { entries: readonly OutputEntry[] }) {
  const latest = entries.at(-1);
  const summary = outputSummary(latest);
  const failed =
    latest !== undefined &&
    (latest.status === 'failed' ||
      (isInstall(latest) && latest.status === 'done' && !latest.outcome.ok));
  return (
    <>
      {/*
       * Too narrow a bar (a phone) leaves no room for the outcome, and with nothing run yet the
       * tabs need it more; it is still announced.
       */}
      <span
        aria-hidden
        className={cn(
          'text-muted-foreground hidden min-w-0 items-center gap-1.5 text-xs',
          latest && '@lg:flex',
          failed && 'text-destructive',
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
    </>
  );
}

/** Copy and Clear for the Output tab. */
export function OutputActions({
  entries,
  onClear,
}: {
  entries: readonly OutputEntry[];
  onClear: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(outputText(entries));
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
    <>
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
    </>
  );
}
