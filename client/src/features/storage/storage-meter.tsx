import type { ProjectStorage } from '@kiln/shared';
import { HardDrive } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useProjectStorage } from './api';
import { storageLevel, storageShare, storageText, type StorageLevel } from './storage-level';

const LEVEL_TEXT: Record<StorageLevel, string> = {
  ok: 'text-muted-foreground',
  warning: 'text-amber-700 dark:text-amber-400',
  full: 'text-destructive',
};

const LEVEL_BAR: Record<StorageLevel, string> = {
  ok: 'bg-primary',
  warning: 'bg-amber-500',
  full: 'bg-destructive',
};

/**
 * The project's storage under the file tree: bytes and files and folders against the quota of
 * the owner's plan, amber from 80% of a limit, red when full, with what to do about it. Each
 * line keeps to one line, and the meter takes its place before the usage arrives, so the tree
 * above it (which scrolls the open file into view) never changes height under it.
 */
export function StorageMeter({ projectId, changedAt }: { projectId: string; changedAt: number }) {
  const { data: storage } = useProjectStorage(projectId, changedAt);
  return storage ? <Meter storage={storage} /> : <Placeholder />;
}

function Meter({ storage }: { storage: ProjectStorage }) {
  const level = storageLevel(storage);
  const share = Math.min(1, storageShare(storage));
  const text = storageText(storage);
  const details = `${text.entries} · ${text.limitName}`;
  return (
    <section
      aria-label="Storage"
      data-testid="storage-meter"
      data-level={level}
      className="shrink-0 border-t px-3 py-2 text-xs"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex shrink-0 items-center gap-1.5 font-medium">
          <HardDrive className="size-3.5" aria-hidden />
          Storage
        </span>
        <span
          className={cn('truncate tabular-nums', level !== 'ok' && LEVEL_TEXT[level])}
          title={text.bytes}
        >
          {text.bytes}
        </span>
      </div>
      <div
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={`${text.bytes}, ${text.entries}`}
        className="bg-muted mt-1.5 h-1.5 overflow-hidden rounded-full"
      >
        <div
          className={cn('h-full rounded-full', LEVEL_BAR[level])}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <p className="text-muted-foreground mt-1 truncate tabular-nums" title={details}>
        {details}
      </p>
      {text.advice && (
        <p role="status" className={cn('mt-1 font-medium', LEVEL_TEXT[level])}>
          {text.advice}
        </p>
      )}
    </section>
  );
}

/** The meter's lines, unseen, while the usage loads. */
function Placeholder() {
  return (
    <div aria-hidden className="invisible shrink-0 border-t px-3 py-2 text-xs">
      <div className="flex items-center">
        <HardDrive className="size-3.5" />
        <span className="ml-1.5">Storage</span>
      </div>
      <div className="mt-1.5 h-1.5" />
      <p className="mt-1">&nbsp;</p>
    </div>
  );
}
