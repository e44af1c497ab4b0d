import { describe, expect, it } from 'vitest';
import { OutputBudget } from './output-budget';

const MB = 1024 * 1024;

describe('OutputBudget', () => {
  const clock = () => {
    let now = 0;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('lets a burst through at once, then asks to wait as long as the overdraft takes to earn', () => {
    const time = clock();
    const budget = new OutputBudget(MB, MB, time.now);
    expect(budget.spend(MB / 2)).toBe(0);
    expect(budget.spend(MB / 2)).toBe(0);
    expect(budget.spend(MB / 4)).toBe(250);
  });

  it('earns back at its rate, never past its burst', () => {
    const time = clock();
    const budget = new OutputBudget(MB, MB / 2, time.now);
    expect(budget.spend(MB / 2)).toBe(0);
    time.advance(250);
    expect(budget.spend(MB / 4)).toBe(0);
    expect(budget.spend(1)).toBeGreaterThan(0);
    time.advance(60_000);
    // A minute of quiet earns the burst, not a minute's worth.
    expect(budget.spend(MB / 2)).toBe(0);
    expect(budget.spend(MB / 2)).toBe(500);
  });

  it('holds a steady flood to its rate', () => {
    const time = clock();
    const budget = new OutputBudget(MB, MB, time.now);
    const chunk = 64 * 1024;
    let read = 0;
    // A reader that waits as told, for ten seconds.
    while (time.now() < 10_000) {
      read += chunk;
      time.advance(budget.spend(chunk));
    }
    expect(read).toBeGreaterThanOrEqual(10 * MB);
    expect(read).toBeLessThanOrEqual(11 * MB + chunk);
  });
});
