import type { AiStatus } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { defaultModelLabel } from './model-label';
import { isUsageNearLimit, usageLabel } from './usage-label';

describe('usageLabel', () => {
  it('reads against the plan’s allowance, or alone when unlimited', () => {
    expect(usageLabel({ tokensUsed: 12_345, tokenAllowance: 500_000 })).toBe(
      '12.3k of 500k tokens this month',
    );
    expect(usageLabel({ tokensUsed: 2_500_000, tokenAllowance: null })).toBe(
      '2.5M tokens this month',
    );
  });

  it('draws the eye from nine tenths of the allowance on', () => {
    expect(isUsageNearLimit({ tokensUsed: 449_999, tokenAllowance: 500_000 })).toBe(false);
    expect(isUsageNearLimit({ tokensUsed: 450_000, tokenAllowance: 500_000 })).toBe(true);
    expect(isUsageNearLimit({ tokensUsed: 10 ** 9, tokenAllowance: null })).toBe(false);
  });
});

describe('defaultModelLabel', () => {
  const status = (overrides: Partial<AiStatus>): AiStatus => ({
    configured: true,
    defaultProvider: 'anthropic',
    providers: [
      { id: 'openai', model: 'gpt-4.1', label: 'GPT-4.1' },
      { id: 'anthropic', model: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5' },
    ],
    message: null,
    ...overrides,
  });

  it('names the default provider’s model', () => {
    expect(defaultModelLabel(status({}))).toBe('Claude Sonnet 4.5');
    expect(defaultModelLabel(status({ defaultProvider: null }))).toBe('GPT-4.1');
    expect(
      defaultModelLabel(status({ configured: false, defaultProvider: null, providers: [] })),
    ).toBeNull();
  });
});
