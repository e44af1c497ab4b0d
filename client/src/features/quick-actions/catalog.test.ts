import { QUICK_ACTIONS } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { QUICK_ACTION_INFO } from './catalog';

describe('the quick actions catalogue', () => {
  it('titles each failure with the action it names', () => {
    expect(QUICK_ACTIONS.map((action) => QUICK_ACTION_INFO[action].failureTitle)).toEqual([
      'Improvement Failed',
      'Optimization Failed',
      'Refactoring Failed',
      'Documentation Failed',
    ]);
    expect(QUICK_ACTIONS.map((action) => QUICK_ACTION_INFO[action].failureMessage)).toEqual([
      'Failed to improve code',
      'Failed to optimize code',
      'Failed to refactor code',
      'Failed to document code',
    ]);
  });
});
