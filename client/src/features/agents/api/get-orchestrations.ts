import { OrchestrationListSchema, type OrchestrationResult } from '@kiln/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { orchestrationQueryKey } from './get-orchestration';

export const orchestrationsQueryKey = (projectId: string) =>
  ['agent-orchestrations', projectId] as const;

/**
 * GET /api/agent/orchestrations?projectId=…: the project's recent runs, newest first. Each is
 * kept as its run's entry too, so showing one asks nothing more.
 */
export async function getOrchestrations(
  queryClient: QueryClient,
  projectId: string,
): Promise<OrchestrationResult[]> {
  const answer = await apiJson<unknown>(
    'GET',
    `/api/agent/orchestrations?projectId=${encodeURIComponent(projectId)}`,
  );
  const { orchestrations } = OrchestrationListSchema.parse(answer);
  for (const run of orchestrations) {
    queryClient.setQueryData<OrchestrationResult>(orchestrationQueryKey(run.id), run);
  }
  return orchestrations;
}

/** Read each time the agent panel opens in the editor: the latest run may be newer than the list. */
export function useOrchestrations(projectId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...queryOptions({
      queryKey: orchestrationsQueryKey(projectId),
      queryFn: () => getOrchestrations(queryClient, projectId),
    }),
    refetchOnMount: 'always',
  });
}
