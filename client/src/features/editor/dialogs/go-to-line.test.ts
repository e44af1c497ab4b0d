import { describe, expect, it } from 'vitest';
import { parseLineNumber } from './go-to-line';

describe('parseLineNumber (spec editor 5)', () => {
  it('accepts a line within the file', () => {
    expect(parseLineNumber('1', 40)).toEqual({ line: 1 });
    expect(parseLineNumber(' 17 ', 40)).toEqual({ line: 17 });
    expect(parseLineNumber('+3', 40)).toEqual({ line: 3 });
  });

  it('clamps a line past the end to the last line', () => {
    expect(parseLineNumber('41', 40)).toEqual({ line: 40 });
    expect(parseLineNumber('99999999999999999999', 40)).toEqual({ line: 40 });
    expect(parseLineNumber('5', 0)).toEqual({ line: 1 });
  });

  it.each([
    ['', 'Enter a line number.'],
    ['   ', 'Enter a line number.'],
    ['abc', 'Enter a whole number, such as 42.'],
    ['1.5', 'Enter a whole number, such as 42.'],
    ['1e3', 'Enter a whole number, such as 42.'],
    ['0', 'Line numbers start at 1.'],
    ['-4', 'Line numbers start at 1.'],
  ])('rejects %j', (raw, error) => {
    expect(parseLineNumber(raw, 40)).toEqual({ error });
  });
});
