import type { OrchestrationResult } from '@kiln/shared';

/** The part of an orchestration's result that its work fills in (kept as the row's `result`). */
export type OrchestrationBody = Omit<
  OrchestrationResult,
  'id' | 'projectId' | 'status' | 'userRequest' | 'createdAt' | 'finishedAt'
>;
