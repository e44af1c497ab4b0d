import {
  ApplyProposalResponseSchema,
  type ApplyProposalInput,
  type ApplyProposalResponse,
} from '@kiln/shared';
import { apiJson } from '../../../lib/request';

/**
 * POST /api/agent/apply: saves a proposal through the file's version (409 with the file as it is
 * now when that version is stale, as a save answers) and records a checkpoint for Undo.
 */
export async function applyProposal(input: ApplyProposalInput): Promise<ApplyProposalResponse> {
  return ApplyProposalResponseSchema.parse(
    await apiJson<unknown>('POST', '/api/agent/apply', input),
  );
}
