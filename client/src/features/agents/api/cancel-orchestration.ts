import { OrchestrationResultSchema, type OrchestrationResult } from '@kiln/shared';
import { apiJson } from '../../../lib/request';

/**
 * POST /api/agent/orchestrations/{id}/cancel: the run ends at its next step, keeping what it
 * finished; its stream (or the panel's polling) then shows it stopped.
 */
export async function cancelOrchestration(id: string): Promise<OrchestrationResult> {
  const answer = await apiJson<unknown>(
    'POST',
    `/api/agent/orchestrations/${encodeURIComponent(id)}/cancel`,
  );
  return OrchestrationResultSchema.parse(answer);
}
