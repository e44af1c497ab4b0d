import { SqlResultSchema, type SqlResult } from '@kiln/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { databaseSchemaQueryKey } from './get-database-schema';

/** POST /api/database/execute: runs SQL on the project's own database. */
export async function executeSql(projectId: string, query: string): Promise<SqlResult> {
  const answer = await apiJson<unknown>('POST', '/api/database/execute', { projectId, query });
  // An answer of another shape (an old server, a proxy page) is a failed call, not a crash.
  return SqlResultSchema.parse(answer);
}

/** Runs a query; the table list is read again after, since the query may have changed it. */
export function useExecuteSql(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: string) => executeSql(projectId, query),
    onSettled: () => queryClient.invalidateQueries({ queryKey: databaseSchemaQueryKey(projectId) }),
  });
}
