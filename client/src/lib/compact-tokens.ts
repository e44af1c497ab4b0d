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
