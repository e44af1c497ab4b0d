import type { OrchestrationTask } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { formatDuration, taskRows } from './task-rows';

const task = (overrides: Partial<OrchestrationTask>): OrchestrationTask => ({
  id: 't',
  type: 'architect',
  status: 'completed',
  input: 'Plan it',
  output: 'Planned',
  startedAt: null,
  finishedAt: null,
  ...overrides,
});

describe('taskRows', () => {
  it('lists the five roles in working order, pending before the run reaches them', () => {
    const rows = taskRows([]);
    expect(rows.map((row) => [row.name, row.state])).toEqual([
      ['Architect', 'pending'],
      ['Developer', 'pending'],
      ['Reviewer', 'pending'],
      ['Tester', 'pending'],
      ['Debugger', 'pending'],
    ]);
  });

  it("takes each role's task whatever order the run lists them in, the latest one when it worked twice", () => {
    const rows = taskRows([
      task({ id: '2', type: 'develop', status: 'in_progress', input: 'Write it', output: '' }),
      task({
        id: '1',
        type: 'architect',
        startedAt: '2026-01-01T10:00:00.000Z',
        finishedAt: '2026-01-01T10:00:04.250Z',
      }),
      task({ id: '3', type: 'debug', status: 'failed', output: 'First fix' }),
      task({
        id: '4',
        type: 'debug',
        status: 'completed',
        output: 'Second fix',
        startedAt: '2026-01-01T10:00:09.000Z',
        finishedAt: '2026-01-01T10:00:09.000Z',
      }),
    ]);
    expect(rows.map((row) => row.state)).toEqual([
      'completed',
      'in_progress',
      'pending',
      'pending',
      'completed',
    ]);
    expect(rows[0]).toMatchObject({ input: 'Plan it', output: 'Planned', durationMs: 4250 });
    expect(rows[1]).toMatchObject({ input: 'Write it', durationMs: null });
    // Started and finished at once: nothing to do, no time shown.
    expect(rows[4]).toMatchObject({ output: 'Second fix', durationMs: null });
  });
});

describe('formatDuration', () => {
  it('reads in milliseconds, seconds or minutes', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4_240)).toBe('4.2 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
  });
});
