import type { DeploymentState } from '@kiln/shared';
import { cn } from '../../lib/cn';

const LABELS: Record<DeploymentState, string> = {
  queued: 'Queued',
  uploading: 'Uploading',
  building: 'Building',
  ready: 'Ready',
  error: 'Failed',
};

/** Tones as the Git sync badges have them; each keeps 4.5:1 in both themes. */
const TONES: Record<DeploymentState, string> = {
  queued: 'bg-muted text-foreground border-border',
  uploading: 'bg-primary/15 text-primary-tint-foreground border-primary/30',
  building: 'bg-primary/15 text-primary-tint-foreground border-primary/30',
  ready: 'bg-success/15 text-success border-success/30',
  error: 'bg-destructive/10 text-destructive border-destructive/40',
};

export function DeploymentStatusBadge({ status }: { status: DeploymentState }) {
  return (
    <span
      data-testid="deployment-status"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        TONES[status],
      )}
    >
      {LABELS[status]}
    </span>
  );
}
