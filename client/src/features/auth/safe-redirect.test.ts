import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/subscribe?plan=enterprise')).toBe('/subscribe?plan=enterprise');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', ''])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/dashboard');
    },
  );
});
