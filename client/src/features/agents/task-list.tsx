import { ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatDuration, type TaskRow } from './task-rows';
import { TASK_STATE_LOOKS } from './task-state';

/**
 * The five roles of a run, each with its state; a row opens to what the role was asked and what
 * it answered.
 */
export function TaskList({ rows }: { rows: readonly TaskRow[] }) {
  return (
    <ol aria-label="Agent tasks" className="grid rounded-lg border">
      {rows.map((row) => {
        const look = TASK_STATE_LOOKS[row.state];
        const Icon = look.icon;
        const hasDetail = row.input !== '' || row.output !== '';
        const summary = (
          <>
            <Icon className={cn('size-4 shrink-0', look.iconClassName)} aria-hidden />
            <span className="font-medium">{row.name}</span>
            <span
              className={cn(
                'text-muted-foreground text-xs',
                row.state === 'failed' && 'text-destructive',
              )}
            >
              {look.label}
            </span>
            {row.durationMs !== null && (
              <span className="text-muted-foreground ml-auto text-xs tabular-nums">
                {formatDuration(row.durationMs)}
              </span>
            )}
          </>
        );
        return (
          <li
            key={row.role}
            data-testid={`agent-task-${row.role}`}
            data-state={row.state}
            className="border-b text-sm last:border-b-0"
          >
            {hasDetail ? (
              <details className="group">
                <summary className="hover:bg-muted/60 flex cursor-pointer list-none items-center gap-2 px-3 py-2 [&::-webkit-details-marker]:hidden">
                  <ChevronRight
                    className="text-muted-foreground size-3.5 shrink-0 transition-transform group-open:rotate-90"
                    aria-hidden
                  />
                  {summary}
                </summary>
                <div className="grid gap-2 px-3 pb-3 pl-9">
                  {row.input && <TaskText label="Asked" text={row.input} />}
                  {row.output && (
                    <TaskText
                      label={row.state === 'failed' ? 'Why it failed' : 'Answered'}
                      text={row.output}
                    />
                  )}
                </div>
              </details>
            ) : (
              <div className="flex items-center gap-2 px-3 py-2 pl-[2.125rem]">{summary}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function TaskText({ label, text }: { label: string; text: string }) {
  return (
    <div className="grid gap-1">
      <p className="text-muted-foreground text-xs font-medium">{label}</p>
      <p
        // Focusable so a long answer can be scrolled from the keyboard.
        tabIndex={0}
        className="bg-muted/60 max-h-48 overflow-y-auto rounded-md px-2.5 py-2 text-xs leading-relaxed break-words whitespace-pre-wrap"
      >
        {text}
      </p>
    </div>
  );
}
