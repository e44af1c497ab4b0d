import type { GitDiffStatus } from '@kiln/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine, GitBranch, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { messageOf } from '../../lib/api-error';
import type { GitLink } from './git-link';
import { StatusBadge } from './status-badge';
import { SyncAlert } from './sync-alert';
import { formatSyncTime } from './sync-messages';
import { SyncProgress } from './sync-progress';
import { describeSyncStatus } from './sync-status';

/**
 * Where the project stands against its branch (asked again every 30 s), with Pull,
 * a way to the Push tab, and progress while either runs.
 */
export function SyncTab({
  link,
  status,
  running,
  onPull,
  onGoToPush,
}: {
  link: GitLink;
  /** GET /api/github/diff, polled by the dialog while it is open. */
  status: UseQueryResult<GitDiffStatus>;
  /** What runs now ('Pulling from ...'), or null. */
  running: string | null;
  onPull: () => void;
  onGoToPush: () => void;
}) {
  const view = status.data ? describeSyncStatus(status.data) : null;
  const lastSyncedAt = status.data?.lastSyncedAt ?? link.lastSyncedAt;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <GitBranch className="text-muted-foreground size-4 shrink-0" aria-hidden />
          <span className="truncate font-medium">
            {link.owner}/{link.repo}
          </span>
          <span className="bg-muted rounded px-1.5 py-0.5 font-mono text-xs">{link.branch}</span>
        </p>
        {view && <StatusBadge badge={view.badge} />}
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto"
          aria-label="Check the remote again"
          title="Check the remote again"
          disabled={status.isFetching}
          onClick={() => void status.refetch()}
        >
          <RefreshCw className={status.isFetching ? 'animate-spin' : undefined} />
        </Button>
      </div>
      <p className="text-muted-foreground -mt-2 text-xs" data-testid="last-synced">
        {lastSyncedAt ? `Last synced ${formatSyncTime(lastSyncedAt)}` : 'Not synced yet'}
      </p>

      {status.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Checking the remote">
          <Skeleton className="h-16 rounded-lg" />
        </div>
      ) : status.isError ? (
        <SyncAlert tone="destructive" title="Could not check the remote">
          {messageOf(status.error, 'The Git host did not answer; try again.')}
        </SyncAlert>
      ) : (
        view?.alert && (
          <SyncAlert tone={view.alert.tone} title={view.alert.title}>
            {view.alert.text}
          </SyncAlert>
        )
      )}

      {running && <SyncProgress label={running} />}

      <div className="flex flex-wrap gap-2">
        <Button disabled={running !== null} onClick={onPull}>
          <ArrowDownToLine aria-hidden /> Pull
        </Button>
        <Button variant="outline" disabled={running !== null} onClick={onGoToPush}>
          <ArrowUpFromLine aria-hidden /> Push changes
        </Button>
      </div>
    </div>
  );
}
