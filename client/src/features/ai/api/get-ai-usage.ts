import { AiUsageSchema, type AiUsage } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/** GET /api/ai/usage: this month's tokens against the plan's allowance. */
export async function getAiUsage(): Promise<AiUsage> {
  return AiUsageSchema.parse(await apiJson<unknown>('GET', '/api/ai/usage'));
}

export const aiUsageQueryOptions = () =>
  queryOptions({ queryKey: ['/api/ai/usage'] as const, queryFn: getAiUsage });

export function useAiUsage() {
  return useQuery(aiUsageQueryOptions());
}
