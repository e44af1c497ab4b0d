import { TASK_STATES } from '@kiln/shared';
import { Circle, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { TASK_STATE_LOOKS } from './task-state';

describe('TASK_STATE_LOOKS', () => {
  it('shows pending as an empty circle, in progress as a spinner, then a check or a cross', () => {
    expect(TASK_STATE_LOOKS.pending.icon).toBe(Circle);
    expect(TASK_STATE_LOOKS.in_progress.icon).toBe(LoaderCircle);
    expect(TASK_STATE_LOOKS.in_progress.iconClassName).toContain('animate-spin');
    expect(TASK_STATE_LOOKS.completed.icon).toBe(CircleCheck);
    expect(TASK_STATE_LOOKS.failed.icon).toBe(CircleX);
  });

  it('names every state, and only the working one spins', () => {
    for (const state of TASK_STATES) {
      expect(TASK_STATE_LOOKS[state].label).not.toBe('');
      expect(TASK_STATE_LOOKS[state].iconClassName.includes('animate-spin')).toBe(
        state === 'in_progress',
      );
    }
  });
});
