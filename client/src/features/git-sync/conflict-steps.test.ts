import type { GitConflict } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  chooseSide,
  editResolution,
  finishBlocker,
  goToConflict,
  isResolved,
  resolutionsOf,
  startConflictSteps,
  unresolvedCount,
} from './conflict-steps';

const text = (path: string, local: string | null, remote: string | null): GitConflict => ({
  path,
  localContent: local,
  remoteContent: remote,
  binary: false,
});
const conflicts: GitConflict[] = [
  text('a.txt', 'mine a', 'theirs a'),
  text('b.txt', 'mine b', null),
  { path: 'logo.png', localContent: null, remoteContent: null, binary: true },
];

describe('conflict steps', () => {
  it('steps through one at a time: choosing a side resolves it and advances', () => {
    let steps = startConflictSteps(conflicts);
    expect(steps.current).toBe(0);
    expect(isResolved(steps)).toBe(false);
    steps = chooseSide(steps, 'local');
    expect(steps.current).toBe(1);
    expect(isResolved(steps, 0)).toBe(true);
    expect(isResolved(steps)).toBe(false);
    steps = chooseSide(steps, 'remote');
    expect(steps.current).toBe(2);
    expect(steps.choices[1]).toEqual({ side: 'remote', content: null });
  });

  it('blocks Finish until every conflict is resolved, naming how many there are', () => {
    let steps = startConflictSteps(conflicts);
    expect(finishBlocker(steps)).toBe('Incomplete: Please resolve all 3 conflict(s)');
    steps = chooseSide(chooseSide(steps, 'local'), 'local');
    expect(unresolvedCount(steps)).toBe(1);
    expect(finishBlocker(steps)).toBe('Incomplete: Please resolve all 3 conflict(s)');
    expect(() => resolutionsOf(steps)).toThrow(/logo\.png/);
    steps = chooseSide(steps, 'remote');
    expect(finishBlocker(steps)).toBeNull();
  });

  it('after the last, goes back to the first still unresolved, or stays when none is', () => {
    let steps = goToConflict(startConflictSteps(conflicts), 2);
    steps = chooseSide(steps, 'local');
    expect(steps.current).toBe(0);
    steps = chooseSide(chooseSide(steps, 'local'), 'local');
    expect(steps.current).toBe(2);
    expect(goToConflict(steps, 7).current).toBe(2);
  });

  it('sends one resolution per conflict: the kept text, or the side of a binary file', () => {
    let steps = startConflictSteps(conflicts);
    steps = chooseSide(steps, 'remote');
    steps = chooseSide(steps, 'remote');
    steps = chooseSide(steps, 'local');
    expect(resolutionsOf(steps)).toEqual([
      { path: 'a.txt', content: 'theirs a' },
      { path: 'b.txt', content: null },
      { path: 'logo.png', side: 'local' },
    ]);
  });

  it('keeps a hand-edited resolved version, only for a resolved text conflict', () => {
    let steps = startConflictSteps(conflicts);
    expect(editResolution(steps, 'ignored')).toBe(steps);
    steps = goToConflict(chooseSide(steps, 'local'), 0);
    steps = editResolution(steps, 'mine a, and theirs a');
    expect(steps.choices[0]).toEqual({ side: 'local', content: 'mine a, and theirs a' });
    steps = goToConflict(chooseSide(goToConflict(steps, 2), 'remote'), 2);
    expect(editResolution(steps, 'text')).toBe(steps);
  });
});
