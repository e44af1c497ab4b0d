import type { AiUsage } from '@kiln/shared';
import { compactTokens } from '../../lib/compact-tokens';

/** "12.3k of 500k tokens this month", or "12.3k tokens this month" on an unlimited plan. */
export function usageLabel(usage: Pick<AiUsage, 'tokensUsed' | 'tokenAllowance'>): string {
  const used = compactTokens(usage.tokensUsed);
  return usage.tokenAllowance === null
    ? `${used} tokens this month`
    : `${used} of ${compactTokens(usage.tokenAllowance)} tokens this month`;
}

/** Whether the month's allowance is spent or nearly so (nine tenths), to draw the eye to it. */
export function isUsageNearLimit(usage: Pick<AiUsage, 'tokensUsed' | 'tokenAllowance'>): boolean {
  return usage.tokenAllowance !== null && usage.tokensUsed >= usage.tokenAllowance * 0.9;
}
