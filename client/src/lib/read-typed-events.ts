import type { z } from 'zod';
import { createEventStreamParser } from './sse-parser';

/** One event's data as its schema reads it, or null when it is not JSON or not of that shape. */
export function parseEvent<Schema extends z.ZodType>(
  schema: Schema,
  data: string,
): z.output<Schema> | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Server-Sent Events read from a response body, each checked against the shared schema of its
 * call: one that is not JSON or not of a known shape (a newer server's event, say) is skipped
 * rather than breaking what the page shows.
 */
export async function* readTypedEvents<Schema extends z.ZodType>(
  body: ReadableStream<Uint8Array>,
  schema: Schema,
): AsyncGenerator<z.output<Schema>, void, undefined> {
  const parser = createEventStreamParser();
  const reader = body.getReader();
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      for (const data of done ? parser.end() : parser.push(value)) {
        const event = parseEvent(schema, data);
        if (event !== null) yield event;
      }
    }
  } finally {
    // A reader that stops early (Stop, an error event) lets go of the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
