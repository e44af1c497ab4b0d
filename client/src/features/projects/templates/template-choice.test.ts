// @vitest-environment happy-dom
import { TEMPLATE_IDS } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { parseTemplateChoice, rememberTemplateChoice, takeTemplateChoice } from './template-choice';
import { mayHaveTemplateChoice } from './use-continue-template-choice';

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

describe('mayHaveTemplateChoice', () => {
  it('sees the choice template-choice.ts keeps, without reading or removing it', () => {
    takeTemplateChoice();
    expect(mayHaveTemplateChoice()).toBe(false);
    rememberTemplateChoice(TEMPLATE_IDS[0]!);
    expect(mayHaveTemplateChoice()).toBe(true);
    expect(mayHaveTemplateChoice()).toBe(true);
    expect(takeTemplateChoice()).toBe(TEMPLATE_IDS[0]);
    expect(mayHaveTemplateChoice()).toBe(false);
  });
});
