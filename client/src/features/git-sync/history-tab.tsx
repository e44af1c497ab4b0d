import type { GitSyncHistoryEntry, GitSyncOperation, GitSyncOutcome } from '@kiln/shared';
import { ArrowDownToLine, ArrowUpFromLine, GitMerge } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { messageOf } from '../../lib/api-error';
import { useSyncHistory } from './api/get-sync-history';
import { moreFilesLabel, shortSha, visibleFiles } from './history-files';
import { formatSyncTime } from './sync-messages';
import { BADGE_TONES } from './tone-classes';

const OPERATIONS: Record<GitSyncOperation, { label: string; Icon: typeof GitMerge }> = {
  push: { label: 'Push', Icon: ArrowUpFromLine },
  pull: { label: 'Pull', Icon: ArrowDownToLine },
  'resolve-conflict': { label: 'Resolve conflicts', Icon: GitMerge },
};
const OUTCOMES: Record<GitSyncOutcome, { label: string; className: string }> = {
  success: { label: 'Success', className: BADGE_TONES.success },
  conflict: { label: 'Conflict', className: BADGE_TONES.warning },
  error: { label: 'Error', className: BADGE_TONES.destructive },
};

/** The latest pushes, pulls and resolutions, automatic ones included, newest first. */
export function HistoryTab({ projectId, active }: { projectId: string; active: boolean }) {
  const history = useSyncHistory(projectId, active);
  if (history.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading the history">
        <Skeleton className="h-16 rounded-lg" />
        <Skeleton className="h-16 rounded-lg" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {messageOf(history.error, 'Failed to load the sync history')}
      </p>
    );
  }
  if (history.data.length === 0) {
    return <p className="text-muted-foreground text-sm">No pushes or pulls yet.</p>;
  }
  return (
    // A long history scrolls: it takes focus, so the keyboard can scroll it too.
    <ol aria-label="Sync history" tabIndex={0} className="grid max-h-[50vh] gap-2 overflow-y-auto">
      {history.data.map((entry) => (
        <HistoryItem key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function HistoryItem({ entry }: { entry: GitSyncHistoryEntry }) {
  const { label, Icon } = OPERATIONS[entry.operation];
  const outcome = OUTCOMES[entry.status];
  const { shown, more } = visibleFiles(entry.files_changed);
  const moreLabel = moreFilesLabel(more);
  return (
    <li className="grid gap-1.5 rounded-lg border p-3 text-sm" data-testid="history-entry">
      <div className="flex flex-wrap items-center gap-2">
        <Icon className="text-muted-foreground size-4 shrink-0" aria-hidden />
        <span className="font-medium">{label}</span>
        <span
          className={cn(
            'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
            outcome.className,
          )}
        >
          {outcome.label}
        </span>
        {entry.commit_sha && (
          <code
            className="bg-muted rounded px-1.5 py-0.5 text-xs"
            title={entry.commit_sha}
            data-testid="commit-sha"
          >
            {shortSha(entry.commit_sha)}
          </code>
        )}
        <time dateTime={entry.created_at} className="text-muted-foreground ml-auto text-xs">
          {formatSyncTime(entry.created_at)}
        </time>
      </div>
      <p className="break-words">{entry.message}</p>
      {shown.length > 0 && (
        <p className="text-muted-foreground flex flex-wrap gap-x-2 gap-y-1 text-xs">
          {shown.map((file) => (
            <code key={file} className="break-all">
              {file}
            </code>
          ))}
          {moreLabel && <span>{moreLabel}</span>}
        </p>
      )}
    </li>
  );
}
