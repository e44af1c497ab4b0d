import { RestoreCheckpointResponseSchema, type RestoreCheckpointResponse } from '@kiln/shared';
import { apiJson } from './request';

/**
 * POST /api/ai/checkpoints/{id}/restore: Undo of one turn. Answers 409 naming the files changed
 * since the turn unless `force` is sent.
 */
export async function restoreCheckpoint(
  checkpointId: string,
  force: boolean,
): Promise<RestoreCheckpointResponse> {
  const answer = await apiJson<unknown>(
    'POST',
    `/api/ai/checkpoints/${encodeURIComponent(checkpointId)}/restore`,
    force ? { force: true } : {},
  );
  return RestoreCheckpointResponseSchema.parse(answer);
}
