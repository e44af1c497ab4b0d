import type { AgentInput, AgentStreamEvent } from '@kiln/shared';
import { postForEventStream } from '../../../lib/event-stream-request';
import { readAgentEvents } from '../read-agent-events';

/**
 * POST /api/ai/agent as Server-Sent Events: the turn's events as they come. A refusal before
 * the turn starts (no provider, the rate limit, the month's allowance) throws an ApiError;
 * aborting `signal` stops the turn on the server too.
 */
export async function* streamAgentTurn(
  input: AgentInput,
  signal: AbortSignal,
): AsyncGenerator<AgentStreamEvent, void, undefined> {
  yield* readAgentEvents(await postForEventStream('/api/ai/agent', input, signal));
}
