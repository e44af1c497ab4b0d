import { ExecuteResultSchema, type ExecuteInput, type ExecuteResult } from '@kiln/shared';
import { apiJson } from '../../lib/request';

/** POST /api/projects/{id}/execute runs one file's text in the sandbox (decision 0007). */
export async function executeFile(projectId: string, input: ExecuteInput): Promise<ExecuteResult> {
  const answer = await apiJson<unknown>('POST', `/api/projects/${projectId}/execute`, input);
  // An answer of another shape (an old server, a proxy page) is a failed call, not a crash.
  return ExecuteResultSchema.parse(answer);
}
