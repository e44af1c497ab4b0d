import type { GitDiffStatus } from '@kiln/shared';

export type StatusTone = 'success' | 'info' | 'warning' | 'destructive';

/** What the Sync tab shows for a status: a badge, and an alert saying what to do, if anything. */
export interface SyncStatusView {
  badge: { label: string; tone: StatusTone };
  alert: { tone: Exclude<StatusTone, 'success'>; title: string; text: string } | null;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The badge and alert of a sync status: In Sync; Behind by N (commits) with an alert to pull;
 * Ahead by N (files) with an alert to push; diverged, or conflicts waiting, as Conflicts with
 * an alert that a pull shows them.
 */
export function describeSyncStatus(diff: GitDiffStatus): SyncStatusView {
  const { behindBy, aheadBy } = diff.comparison;
  switch (diff.status) {
    case 'in-sync':
      return { badge: { label: 'In Sync', tone: 'success' }, alert: null };
    case 'behind':
      return {
        badge: { label: `Behind by ${behindBy}`, tone: 'info' },
        alert: {
          tone: 'info',
          title: 'New changes on the remote',
          text: `The remote branch has ${plural(behindBy, 'commit')} you do not have yet. Pull to bring them into this project.`,
        },
      };
    case 'ahead':
      return {
        badge: { label: `Ahead by ${aheadBy}`, tone: 'warning' },
        alert: {
          tone: 'warning',
          title: 'Changes not pushed yet',
          text: `${plural(aheadBy, 'file')} changed here since the last sync. Push to send them to the remote branch.`,
        },
      };
    case 'diverged':
      return {
        badge: { label: 'Conflicts', tone: 'destructive' },
        alert: {
          tone: 'destructive',
          title: 'The branch has diverged',
          text: `This project and the remote branch both changed since the last sync (${plural(aheadBy, 'file')} here, ${plural(behindBy, 'commit')} there). Pull to merge them and see any conflicts.`,
        },
      };
    case 'conflicts': {
      const waiting = diff.conflictedPaths.length;
      return {
        badge: { label: 'Conflicts', tone: 'destructive' },
        alert: {
          tone: 'destructive',
          title: 'Conflicts to resolve',
          text:
            waiting > 0
              ? `The last pull left ${plural(waiting, 'conflict')} (${diff.conflictedPaths.join(', ')}). Pull to see them and resolve them.`
              : 'The last pull left conflicts. Pull to see them and resolve them.',
        },
      };
    }
  }
}
