import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting';

describe('greetingName', () => {
  it('uses the name', () => {
    expect(greetingName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('falls back to the part of the email before the @', () => {
    expect(greetingName({ name: null, email: 'grace.hopper@example.com' })).toBe('grace.hopper');
    expect(greetingName({ name: '  ', email: 'grace@example.com' })).toBe('grace');
  });

  it("falls back to 'there'", () => {
    expect(greetingName({ name: null, email: '@example.com' })).toBe('there');
    expect(greetingName(null)).toBe('there');
  });
});
