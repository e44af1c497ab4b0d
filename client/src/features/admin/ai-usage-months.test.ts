import { describe, expect, it } from 'vitest';
import { recentMonths } from './ai-usage-months';

describe('the months of AI usage to choose from', () => {
  it('are this month and the eleven before, across a year end', () => {
    const months = recentMonths(new Date(Date.UTC(2026, 1, 10)));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2026-02', label: 'February 2026' });
    expect(months[1]).toEqual({ value: '2026-01', label: 'January 2026' });
    expect(months[2]).toEqual({ value: '2025-12', label: 'December 2025' });
    expect(months[11]).toEqual({ value: '2025-03', label: 'March 2025' });
  });
});
