import type { DatabaseSchema } from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';

/** GET /api/database/{projectId}/schema: the default query function joins the key with slashes. */
export const databaseSchemaQueryKey = (projectId: string) =>
  ['/api/database', projectId, 'schema'] as const;

/** The tables and columns of the project's database, read while the dialog is open. */
export function useDatabaseSchema(projectId: string, enabled: boolean) {
  return useQuery<DatabaseSchema>({ queryKey: databaseSchemaQueryKey(projectId), enabled });
}
