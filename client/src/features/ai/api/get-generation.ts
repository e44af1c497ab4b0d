import { GenerationStatusSchema, type GenerationStatus } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { apiJson } from '../../../lib/request';

/** How often the editor asks how a project's generation is going, while it runs. */
export const GENERATION_POLL_MS = 1500;

/**
 * GET /api/ai/generation/{projectId}: the project's generation, or null when none is known
 * (the server answers 404 for a project it is not generating).
 */
export async function getGeneration(projectId: string): Promise<GenerationStatus | null> {
  try {
    return GenerationStatusSchema.parse(
      await apiJson<unknown>('GET', `/api/ai/generation/${projectId}`),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const generationQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['/api/ai/generation', projectId] as const,
    queryFn: () => getGeneration(projectId),
    // Asked again while it waits or runs; a finished or unknown one is not asked about again.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? GENERATION_POLL_MS : false;
    },
  });

export function useGeneration(projectId: string) {
  return useQuery(generationQueryOptions(projectId));
}
