import { describe, expect, it } from 'vitest';
import { saveStatusText } from './save-status';

describe('saveStatusText (spec editor 4)', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  it('names the live states', () => {
    expect(saveStatusText('saving', null, now)).toBe('Saving...');
    expect(saveStatusText('saved', now, now)).toBe('Saved');
    expect(saveStatusText('unsaved', now, now)).toBe('Unsaved changes');
  });
  it.each([
    [10_000, 'Saved just now'],
    [5 * 60_000, 'Saved 5m ago'],
    [3 * 3_600_000, 'Saved 3h ago'],
    [2 * 86_400_000, 'Saved 2d ago'],
  ])('idle %i ms after a save reads %s', (ago, text) => {
    expect(saveStatusText('idle', now - ago, now)).toBe(text);
  });
});
