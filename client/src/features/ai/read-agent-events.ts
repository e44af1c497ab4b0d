import { AgentStreamEventSchema, type AgentStreamEvent } from '@kiln/shared';
import { createEventStreamParser } from './sse-parser';

/**
 * The agent's stream events (shared/src/ai/schemas.ts) read from an event stream's body. Each
 * event is checked against the shared schema: one that is not JSON or not of a known shape (a
 * newer server's event, say) is skipped rather than breaking the turn.
 */
export async function* readAgentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<AgentStreamEvent, void, undefined> {
  const parser = createEventStreamParser();
  const reader = body.getReader();
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      const chunks = done ? parser.end() : parser.push(value);
      for (const data of chunks) {
        const event = toAgentEvent(data);
        if (event) yield event;
      }
    }
  } finally {
    // A reader that stops early (the turn ended on an error event) lets go of the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

export function toAgentEvent(data: string): AgentStreamEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = AgentStreamEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
