import { describe, expect, it } from 'vitest';
import { parseTemplateChoice } from './template-choice';

describe('parseTemplateChoice', () => {
  const now = 1_000_000_000;
  const stored = (value: unknown) => JSON.stringify(value);

  it('reads a fresh choice of a known template', () => {
    expect(parseTemplateChoice(stored({ templateId: 'go-app', at: now - 1000 }), now)).toBe(
      'go-app',
    );
  });

  it('drops a stale, future, unknown or garbled choice', () => {
    expect(parseTemplateChoice(stored({ templateId: 'go-app', at: now - 31 * 60_000 }), now)).toBe(
      null,
    );
    expect(parseTemplateChoice(stored({ templateId: 'go-app', at: now + 1 }), now)).toBeNull();
    expect(parseTemplateChoice(stored({ templateId: 'cobol', at: now }), now)).toBeNull();
    expect(parseTemplateChoice('{not json', now)).toBeNull();
    expect(parseTemplateChoice(null, now)).toBeNull();
  });
});
