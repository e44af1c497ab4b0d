import type { GitDiffStatus } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { describeSyncStatus } from './sync-status';

const status = (
  value: GitDiffStatus['status'],
  behindBy = 0,
  aheadBy = 0,
  conflictedPaths: string[] = [],
): GitDiffStatus => ({
  status: value,
  comparison: { behindBy, aheadBy },
  lastSyncedAt: null,
  syncedCommitSha: null,
  remoteCommitSha: null,
  conflictedPaths,
});

describe('describeSyncStatus', () => {
  it('says In Sync with nothing to do', () => {
    expect(describeSyncStatus(status('in-sync'))).toEqual({
      badge: { label: 'In Sync', tone: 'success' },
      alert: null,
    });
  });

  it('counts commits behind, with an info alert to pull', () => {
    const view = describeSyncStatus(status('behind', 3));
    expect(view.badge).toEqual({ label: 'Behind by 3', tone: 'info' });
    expect(view.alert?.tone).toBe('info');
    expect(view.alert?.text).toContain('3 commits');
    expect(view.alert?.text).toMatch(/Pull/);
    expect(describeSyncStatus(status('behind', 1)).alert?.text).toContain('1 commit you');
  });

  it('counts files ahead, with an alert to push', () => {
    const view = describeSyncStatus(status('ahead', 0, 1));
    expect(view.badge).toEqual({ label: 'Ahead by 1', tone: 'warning' });
    expect(view.alert?.text).toContain('1 file changed');
    expect(view.alert?.text).toMatch(/Push/);
  });

  it('shows a diverged branch and waiting conflicts as Conflicts, destructive, asking to pull', () => {
    for (const view of [
      describeSyncStatus(status('diverged', 2, 4)),
      describeSyncStatus(status('conflicts', 1, 0, ['a.txt', 'b.txt'])),
      describeSyncStatus(status('conflicts')),
    ]) {
      expect(view.badge).toEqual({ label: 'Conflicts', tone: 'destructive' });
      expect(view.alert?.tone).toBe('destructive');
      expect(view.alert?.text).toMatch(/Pull/);
    }
    expect(describeSyncStatus(status('diverged', 2, 4)).alert?.title).toMatch(/diverged/);
    expect(describeSyncStatus(status('conflicts', 1, 0, ['a.txt', 'b.txt'])).alert?.text).toContain(
      '2 conflicts (a.txt, b.txt)',
    );
  });
});
