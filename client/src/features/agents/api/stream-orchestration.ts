import type { OrchestrateInput, OrchestrationEvent } from '@kiln/shared';
import { postForEventStream } from '../../../lib/event-stream-request';
import { readOrchestrationEvents } from '../read-orchestration-events';

/**
 * POST /api/agent/orchestrate as Server-Sent Events: the whole result each time a task changes,
 * then `done` or `error`. A refusal before the run starts (no provider, validation, the month's
 * allowance) throws an ApiError. Aborting `signal` only stops following: the run goes on on the
 * server and can be read back (get-orchestration.ts).
 */
export async function* streamOrchestration(
  input: OrchestrateInput,
  signal: AbortSignal,
): AsyncGenerator<OrchestrationEvent, void, undefined> {
  yield* readOrchestrationEvents(await postForEventStream('/api/agent/orchestrate', input, signal));
}
