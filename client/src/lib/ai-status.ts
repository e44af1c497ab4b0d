import { AiStatusSchema, type AiStatus } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './request';

/** GET /api/ai/status: whether the server has a model, and which, before anyone types. */
export async function getAiStatus(): Promise<AiStatus> {
  return AiStatusSchema.parse(await apiJson<unknown>('GET', '/api/ai/status'));
}

export const aiStatusQueryOptions = () =>
  queryOptions({ queryKey: ['/api/ai/status'] as const, queryFn: getAiStatus });

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
