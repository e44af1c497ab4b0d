import { AdminAiUsageSchema, type AdminAiUsage } from '@kiln/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';

/** GET /api/admin/ai-usage?month=YYYY-MM: the month's AI use per user. */
export async function getAdminAiUsage(month: string): Promise<AdminAiUsage> {
  return AdminAiUsageSchema.parse(
    await apiJson<unknown>('GET', `/api/admin/ai-usage?month=${encodeURIComponent(month)}`),
  );
}

export const adminAiUsageQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['/api/admin/ai-usage', month] as const,
    queryFn: () => getAdminAiUsage(month),
    placeholderData: keepPreviousData,
  });

export function useAdminAiUsage(month: string) {
  return useQuery(adminAiUsageQueryOptions(month));
}
