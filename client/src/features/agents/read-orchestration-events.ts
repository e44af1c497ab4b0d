import { OrchestrationEventSchema, type OrchestrationEvent } from '@kiln/shared';
import { parseEvent, readTypedEvents } from '../../lib/read-typed-events';

/** The orchestration's events (shared/src/agent/schemas.ts) read from an event stream's body. */
export const readOrchestrationEvents = (body: ReadableStream<Uint8Array>) =>
  readTypedEvents(body, OrchestrationEventSchema);

export const toOrchestrationEvent = (data: string): OrchestrationEvent | null =>
  parseEvent(OrchestrationEventSchema, data);
