import { describe, expect, it } from 'vitest';
import { firstFreeName } from './unique-name';

describe('firstFreeName', () => {
  it('keeps a free name as it is', () => {
    expect(firstFreeName('Todo', new Set(['todo', 'Other']))).toBe('Todo');
  });

  it('numbers a taken name from 2, skipping numbers in use', () => {
    expect(firstFreeName('Todo', new Set(['Todo']))).toBe('Todo (2)');
    expect(firstFreeName('Todo', new Set(['Todo', 'Todo (2)', 'Todo (3)']))).toBe('Todo (4)');
  });

  it('counts on from the base of a name already numbered, never "Todo (2) (2)"', () => {
    expect(firstFreeName('Todo (2)', new Set(['Todo', 'Todo (2)']))).toBe('Todo (3)');
  });

  it('shortens the base so the numbered name stays within the limit', () => {
    const long = 'x'.repeat(100);
    const name = firstFreeName(long, new Set([long]));
    expect(name).toBe(`${'x'.repeat(96)} (2)`);
    expect(name).toHaveLength(100);
  });
});
