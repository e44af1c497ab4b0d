import { TestResponseSchema, type TestInput, type TestSuite } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/** POST /api/agent/test: the Tester's suites for the files sent. */
export async function generateTests(input: TestInput): Promise<TestSuite[]> {
  const answer = await apiJson<unknown>('POST', '/api/agent/test', input);
  return TestResponseSchema.parse(answer).tests;
}

export function useGenerateTests() {
  return useMutation({ mutationFn: generateTests });
}
