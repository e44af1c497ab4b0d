import { cn } from '../../lib/cn';
import type { SyncStatusView } from './sync-status';
import { BADGE_TONES } from './tone-classes';

export function StatusBadge({ badge }: { badge: SyncStatusView['badge'] }) {
  return (
    <span
      data-testid="sync-status"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        BADGE_TONES[badge.tone],
      )}
    >
      {badge.label}
    </span>
  );
}
