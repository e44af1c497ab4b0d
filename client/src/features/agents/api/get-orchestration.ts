import {
  OrchestrationResultSchema,
  type OrchestrationResult,
  type OrchestrationState,
} from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/** A run that has not finished is read again this often while it is followed. */
export const ORCHESTRATION_POLL_MS = 1_000;

export const isRunActive = (status: OrchestrationState | undefined) =>
  status === 'queued' || status === 'running';

export const orchestrationQueryKey = (id: string) => ['agent-orchestration', id] as const;

/** GET /api/agent/orchestrations/{id}: one run as far as it has got. */
export async function getOrchestration(id: string): Promise<OrchestrationResult> {
  const answer = await apiJson<unknown>(
    'GET',
    `/api/agent/orchestrations/${encodeURIComponent(id)}`,
  );
  return OrchestrationResultSchema.parse(answer);
}

export const orchestrationQueryOptions = (id: string) =>
  queryOptions({ queryKey: orchestrationQueryKey(id), queryFn: () => getOrchestration(id) });

/**
 * The run shown in the agent panel. A live stream writes its results into this query's cache;
 * with `follow` (no stream attached) a run still going is read again every second until it ends.
 */
export function useOrchestrationRun(id: string | null, { follow }: { follow: boolean }) {
  return useQuery({
    ...orchestrationQueryOptions(id ?? ''),
    enabled: id !== null && follow,
    refetchInterval: (query) =>
      follow && isRunActive(query.state.data?.status) ? ORCHESTRATION_POLL_MS : false,
  });
}
