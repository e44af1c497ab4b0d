import type { AgentStreamEvent } from '@kiln/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the caller asked for the live progress rather than the JSON answer. */
export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * Server-Sent Events on a reply Kiln writes itself: each event is one `data:` line of JSON,
 * written at once (no Nagle delay), so a token reaches the browser as soon as the model sends it.
 */
export interface EventStream<Event = AgentStreamEvent> {
  send(event: Event): void;
  end(): void;
}

export function openEventStream<Event = AgentStreamEvent>(
  request: FastifyRequest,
  reply: FastifyReply,
): EventStream<Event> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  // Absent on injected test requests, which have no real socket.
  request.raw.socket?.setNoDelay?.(true);
  raw.flushHeaders();
  return {
    send(event: Event) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (!raw.writableEnded) raw.end();
    },
  };
}
