import { AuditLogSchema, type AuditLog } from '@kiln/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';

export const AUDIT_LOG_QUERY_KEY = '/api/admin/audit';

/** GET /api/admin/audit with a query string built by auditLogQuery (audit-log-model.ts). */
export async function getAuditLog(query: string): Promise<AuditLog> {
  return AuditLogSchema.parse(await apiJson<unknown>('GET', `${AUDIT_LOG_QUERY_KEY}?${query}`));
}

/**
 * One page of the audit log. Entries keep arriving, so unlike the rest of the portal it is
 * fetched again each time the tab opens; the page shown stays while the next one loads.
 */
export function useAuditLog(query: string) {
  return useQuery({
    queryKey: [AUDIT_LOG_QUERY_KEY, query] as const,
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
