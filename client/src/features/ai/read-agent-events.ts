import { AgentStreamEventSchema, type AgentStreamEvent } from '@kiln/shared';
import { parseEvent, readTypedEvents } from '../../lib/read-typed-events';

/** The agent's stream events (shared/src/ai/schemas.ts) read from an event stream's body. */
export const readAgentEvents = (body: ReadableStream<Uint8Array>) =>
  readTypedEvents(body, AgentStreamEventSchema);

export const toAgentEvent = (data: string): AgentStreamEvent | null =>
  parseEvent(AgentStreamEventSchema, data);
