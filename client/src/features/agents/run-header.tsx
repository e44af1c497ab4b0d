import type { OrchestrationState } from '@kiln/shared';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

const STATUS_LOOKS: Record<OrchestrationState | 'starting', { label: string; className: string }> =
  {
    starting: { label: 'Starting', className: '' },
    queued: { label: 'Queued', className: '' },
    running: { label: 'Running', className: '' },
    completed: {
      label: 'Completed',
      className: 'border-success/40 bg-success/15 text-success',
    },
    failed: {
      label: 'Failed',
      className: 'border-destructive/30 bg-destructive/10 text-destructive',
    },
  };

const startedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The run's request and where it stands: who is working while it goes on, or why it failed
 * (or that it was stopped).
 */
export function RunHeader({
  request,
  status,
  createdAt,
  working,
  error,
}: {
  request: string;
  status: OrchestrationState | 'starting';
  createdAt: string | null;
  /** What is going on now ('Developer is working...'), while the panel follows the run. */
  working: string | null;
  error: string | null;
}) {
  const look = STATUS_LOOKS[status];
  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex min-w-0 items-center gap-2">
        <h3 className="text-sm font-semibold">Latest run</h3>
        <Badge
          variant={look.className ? 'outline' : 'default'}
          className={cn(look.className)}
          data-testid="agent-run-status"
        >
          {look.label}
        </Badge>
        {createdAt && (
          <time dateTime={createdAt} className="text-muted-foreground ml-auto text-xs">
            {startedAt.format(new Date(createdAt))}
          </time>
        )}
      </div>
      <p className="text-muted-foreground line-clamp-3 text-sm break-words">{request}</p>
      <p
        role="status"
        className="text-muted-foreground flex items-center gap-2 text-xs empty:hidden"
      >
        {working && (
          <>
            <LoaderCircle className="text-primary size-3.5 animate-spin" aria-hidden />
            {working}
          </>
        )}
      </p>
      {error && (
        <p
          role="alert"
          className="border-destructive/40 bg-destructive/10 flex items-start gap-2 rounded-lg border px-3 py-2 text-sm"
        >
          <CircleAlert className="text-destructive mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">{error}</span>
        </p>
      )}
    </div>
  );
}
