import { describe, expect, it } from 'vitest';
import { importSummary, pullSummary, syncIntervalLabel } from './sync-messages';

const pull = { message: 'Already up to date', conflicts: 0, conflictedFiles: [], commitSha: null };

describe('sync messages', () => {
  it('reports a pull by the files it created and updated', () => {
    expect(pullSummary({ ...pull, created: 2, updated: 1, deleted: 0 })).toBe(
      '2 files created, 1 file updated.',
    );
    expect(pullSummary({ ...pull, created: 0, updated: 0, deleted: 3 })).toBe('3 files deleted.');
  });

  it('says the server’s words when a pull changed nothing', () => {
    expect(pullSummary({ ...pull, created: 0, updated: 0, deleted: 0 })).toBe('Already up to date');
  });

  it('reports an import, and what stayed in the repository', () => {
    const result = { message: '', created: 4, updated: 0, deleted: 1, heldBack: 0, commitSha: 'a' };
    expect(importSummary(result)).toBe('4 files created, 1 file deleted.');
    expect(importSummary({ ...result, created: 0, deleted: 0, heldBack: 1 })).toBe(
      'No files changed. 1 file kept in the repository only (links, submodules or files over 10 MB).',
    );
  });

  it('names the sync intervals', () => {
    expect([10_000, 30_000, 60_000, 300_000].map(syncIntervalLabel)).toEqual([
      '10 seconds',
      '30 seconds (default)',
      '1 minute',
      '5 minutes',
    ]);
  });
});
