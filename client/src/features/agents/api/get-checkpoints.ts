import { CheckpointListSchema, type Checkpoint } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/**
 * GET /api/ai/checkpoints?projectId=…: the project's checkpoints, newest first. A run's Undo
 * reads here whether its checkpoint was restored already (in another tab, or before a reload).
 */
export async function getCheckpoints(projectId: string): Promise<Checkpoint[]> {
  const answer = await apiJson<unknown>(
    'GET',
    `/api/ai/checkpoints?projectId=${encodeURIComponent(projectId)}`,
  );
  return CheckpointListSchema.parse(answer).checkpoints;
}

export const checkpointsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['/api/ai/checkpoints', projectId] as const,
    queryFn: () => getCheckpoints(projectId),
  });

export function useCheckpoints(projectId: string) {
  return useQuery(checkpointsQueryOptions(projectId));
}
