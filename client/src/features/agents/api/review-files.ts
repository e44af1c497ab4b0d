import { ReviewResponseSchema, type ReviewFinding, type ReviewInput } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/** POST /api/agent/review: the Reviewer's findings on the files sent. */
export async function reviewFiles(input: ReviewInput): Promise<ReviewFinding[]> {
  const answer = await apiJson<unknown>('POST', '/api/agent/review', input);
  return ReviewResponseSchema.parse(answer).review;
}

export function useReviewFiles() {
  return useMutation({ mutationFn: reviewFiles });
}
