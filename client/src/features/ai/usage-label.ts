import type { AiUsage } from '@kiln/shared';

/** 950, 12.3k, 500k, 1.2M, 10M: a token count short enough for a status line. */
export function compactTokens(count: number): string {
  // 999,500 would round to "1000k": from there on it reads as millions.
  if (count >= 999_500) return `${oneDecimalUnlessLong(count / 1_000_000)}M`;
  if (count >= 1_000) return `${oneDecimalUnlessLong(count / 1_000)}k`;
  return String(count);
}

/** One decimal while it says something (12.3k), none once the number is long (123k). */
function oneDecimalUnlessLong(value: number): number {
  return value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
}

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
