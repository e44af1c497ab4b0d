import { Check, Dot, LoaderCircle, Minus, X } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import type { ToolStep, ToolStepStatus } from './agent-turn';

/** How a stored turn's steps show: the stored log says what was done, not how each went. */
export type StepStatus = ToolStepStatus | 'logged';

export interface ShownStep {
  key: string;
  summary: string;
  status: StepStatus;
  detail: string | null;
}

export function liveSteps(steps: readonly ToolStep[]): ShownStep[] {
  return steps.map((step) => ({ ...step, key: step.id }));
}

export function loggedSteps(actionLog: readonly string[]): ShownStep[] {
  return actionLog.map((summary, index) => ({
    key: String(index),
    summary,
    status: 'logged',
    detail: null,
  }));
}

const STATUS_TEXT: Record<StepStatus, string> = {
  running: 'running',
  ok: 'done',
  failed: 'failed',
  cancelled: 'not finished',
  logged: '',
};

function StepIcon({ status }: { status: StepStatus }) {
  const className = 'size-3.5 shrink-0';
  switch (status) {
    case 'running':
      return <LoaderCircle className={cn(className, 'text-primary animate-spin')} aria-hidden />;
    case 'ok':
      return <Check className={cn(className, 'text-success')} aria-hidden />;
    case 'failed':
      return <X className={cn(className, 'text-destructive')} aria-hidden />;
    case 'cancelled':
      return <Minus className={cn(className, 'text-muted-foreground')} aria-hidden />;
    case 'logged':
      return <Dot className={cn(className, 'text-muted-foreground')} aria-hidden />;
  }
}

/** Past this many steps only the latest show, with a button for the rest. */
const SHOWN_WHEN_FOLDED = 4;

/** The agent's tool steps in one turn: a compact list, live while the turn runs. */
export function ToolSteps({ steps }: { steps: readonly ShownStep[] }) {
  const [expanded, setExpanded] = useState(false);
  if (steps.length === 0) return null;
  const folded = !expanded && steps.length > SHOWN_WHEN_FOLDED + 1;
  const shown = folded ? steps.slice(-SHOWN_WHEN_FOLDED) : steps;
  return (
    <div className="bg-muted/40 rounded-lg border px-2.5 py-1.5 text-xs">
      {folded && (
        <button
          type="button"
          onClick={() => setExpanded(true)}
          className="text-muted-foreground hover:text-foreground mb-1 cursor-pointer underline-offset-2 hover:underline"
        >
          Show all {steps.length} steps
        </button>
      )}
      <ol aria-label="Steps" className="grid gap-1">
        {shown.map((step) => (
          <li key={step.key} className="flex min-w-0 items-start gap-1.5">
            <span className="mt-px">
              <StepIcon status={step.status} />
            </span>
            <span className="min-w-0">
              <span className="text-foreground/90 break-words">{step.summary}</span>
              {STATUS_TEXT[step.status] && (
                <span className="sr-only">, {STATUS_TEXT[step.status]}</span>
              )}
              {step.detail && (
                <span className="text-destructive block break-words">{step.detail}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
