import { describe, expect, it } from 'vitest';
import { appThemeInstruction, nextAppTheme } from './app-theme';
import { buildGenerationBrief, GENERATION_BRIEF_MAX } from './generation-brief';

describe('app theme', () => {
  it('cycles Auto, Light, Dark', () => {
    expect(nextAppTheme('auto')).toBe('light');
    expect(nextAppTheme('light')).toBe('dark');
    expect(nextAppTheme('dark')).toBe('auto');
  });

  it('adds no instruction for Auto', () => {
    expect(appThemeInstruction('auto')).toBeNull();
  });
});

describe('buildGenerationBrief', () => {
  it('is the description alone with Auto and no plan', () => {
    expect(buildGenerationBrief({ description: 'A chess clock', theme: 'auto' })).toBe(
      'A chess clock',
    );
  });

  it('adds the theme instruction', () => {
    expect(buildGenerationBrief({ description: 'A chess clock', theme: 'dark' })).toBe(
      'A chess clock\n\nTheme: give the app a dark colour scheme.',
    );
  });

  it('adds the plan from the planning chat', () => {
    const plan = 'Two timers, a tap switches sides, increments configurable. '.repeat(5);
    expect(buildGenerationBrief({ description: 'A chess clock', theme: 'light', plan })).toBe(
      `A chess clock\n\nTheme: give the app a light colour scheme.\n\nPlan agreed in the planning chat:\n${plan.trim()}`,
    );
  });

  it('shortens the plan, never the description, to stay within the limit', () => {
    const description = 'd'.repeat(2000);
    const brief = buildGenerationBrief({
      description,
      theme: 'dark',
      plan: 'p'.repeat(GENERATION_BRIEF_MAX),
    });
    expect(brief).toHaveLength(GENERATION_BRIEF_MAX);
    expect(brief.startsWith(`${description}\n\nTheme:`)).toBe(true);
    expect(brief.endsWith('p…')).toBe(true);
  });

  it('leaves out a plan with too little room left to be useful', () => {
    const description = 'd'.repeat(GENERATION_BRIEF_MAX - 100);
    expect(buildGenerationBrief({ description, theme: 'auto', plan: 'p'.repeat(500) })).toBe(
      description,
    );
  });

  it('keeps the theme instruction even for a description at the limit', () => {
    const brief = buildGenerationBrief({
      description: 'd'.repeat(GENERATION_BRIEF_MAX),
      theme: 'light',
    });
    expect(brief).toHaveLength(GENERATION_BRIEF_MAX);
    expect(brief.endsWith('Theme: give the app a light colour scheme.')).toBe(true);
  });
});
