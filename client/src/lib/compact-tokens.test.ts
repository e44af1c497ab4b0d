import { describe, expect, it } from 'vitest';
import { compactTokens } from './compact-tokens';

describe('compactTokens', () => {
  it('shortens counts for a status line', () => {
    expect(compactTokens(0)).toBe('0');
    expect(compactTokens(950)).toBe('950');
    expect(compactTokens(1_000)).toBe('1k');
    expect(compactTokens(12_345)).toBe('12.3k');
    expect(compactTokens(123_456)).toBe('123k');
    expect(compactTokens(500_000)).toBe('500k');
    expect(compactTokens(999_499)).toBe('999k');
    expect(compactTokens(999_500)).toBe('1M');
    expect(compactTokens(1_234_567)).toBe('1.2M');
    expect(compactTokens(10_000_000)).toBe('10M');
  });
});
