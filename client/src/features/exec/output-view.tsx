import { Package, Play } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import {
  entryHeading,
  entryLines,
  isInstall,
  latestOffer,
  outputText,
  type OutputEntry,
} from './output-entries';
import type { RunLineKind } from './run-output';

const LINE_CLASS: Record<RunLineKind, string> = {
  stdout: 'text-foreground',
  error: 'text-destructive',
  notice: 'text-amber-700 dark:text-amber-400',
  status: 'text-muted-foreground',
};

export interface OutputViewProps {
  entries: readonly OutputEntry[];
  /** The platform's key for Run, for the hint. */
  runShortcut: string;
  running: boolean;
  installing: boolean;
  onInstall: () => void;
  onRunAgain: () => void;
}

/**
 * The Output tab: each run shows its file, language and sandbox, what it printed, its error as
 * 'Error: {error}', any limit that stopped it, and how it exited; each install its installers'
 * output as it streams, then the outcome. A run that failed on a missing package offers to
 * install the project's packages, and a finished install offers to run again.
 */
export function OutputView({
  entries,
  runShortcut,
  running,
  installing,
  onInstall,
  onRunAgain,
}: OutputViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const text = outputText(entries);
  const offer = latestOffer(entries);

  // Follow the newest output, as a terminal does.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text, offer]);

  return (
    <div
      ref={scroller}
      role="region"
      aria-label="Run output"
      // Scrollable output must be reachable by keyboard.
      tabIndex={0}
      className="focus-visible:ring-ring h-full min-h-0 overflow-auto p-3 font-mono text-xs leading-5 focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset"
      data-testid="run-output"
    >
      {entries.length === 0 ? (
        <p className="text-muted-foreground font-sans">
          Run a JavaScript, TypeScript or Python file with the Run button or {runShortcut}; its
          output shows here.
        </p>
      ) : (
        entries.map((entry) => <OutputBlock key={entry.id} entry={entry} />)
      )}
      {offer === 'install' && (
        <Button
          variant="outline"
          size="sm"
          className="mt-1 font-sans"
          disabled={installing}
          onClick={onInstall}
        >
          <Package aria-hidden /> Install packages
        </Button>
      )}
      {offer === 'run-again' && (
        <Button
          variant="outline"
          size="sm"
          className="mt-1 font-sans"
          disabled={running}
          onClick={onRunAgain}
        >
          <Play aria-hidden /> Run again
        </Button>
      )}
    </div>
  );
}

function OutputBlock({ entry }: { entry: OutputEntry }) {
  const { file, details } = entryHeading(entry);
  const install = isInstall(entry);
  return (
    <article
      className="mb-3 last:mb-0"
      aria-label={install ? 'Package install' : `Run of ${file}`}
      data-testid={install ? 'install' : 'run'}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-primary select-none" aria-hidden>
          $
        </span>
        <span className="text-foreground min-w-0 font-semibold [overflow-wrap:anywhere]">
          {file}
        </span>
        {details.length > 0 && <span className="text-muted-foreground">{details.join(' · ')}</span>}
      </p>
      {entryLines(entry).map((line, index) => (
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
