import type { AgentStreamEvent } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { readAgentEvents, toAgentEvent } from './read-agent-events';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<AgentStreamEvent[]> {
  const events: AgentStreamEvent[] = [];
  for await (const event of readAgentEvents(stream)) events.push(event);
  return events;
}

describe('readAgentEvents', () => {
  it('reads the events of a turn split across chunks', async () => {
    const events = await collect(
      streamOf([
        'data: {"type":"start","mod',
        'el":"Claude Sonnet 4.5"}\n\ndata: {"type":"tool-call","id":"c1","tool":"read_file",',
        '"summary":"Reading index.html"}\n',
        '\n',
      ]),
    );
    expect(events).toEqual([
      { type: 'start', model: 'Claude Sonnet 4.5' },
      { type: 'tool-call', id: 'c1', tool: 'read_file', summary: 'Reading index.html' },
    ]);
  });

  it('skips data that is not JSON or not a known event', async () => {
    const events = await collect(
      streamOf([
        'data: not json\n\n',
        'data: {"type":"progress","percent":50}\n\n',
        'data: {"type":"text","delta":"Hi"}\n\n',
      ]),
    );
    expect(events).toEqual([{ type: 'text', delta: 'Hi' }]);
  });
});

describe('toAgentEvent', () => {
  it('checks an event against the shared schema', () => {
    expect(
      toAgentEvent('{"type":"error","error":"Too many requests","code":"RATE_LIMITED"}'),
    ).toEqual({ type: 'error', error: 'Too many requests', code: 'RATE_LIMITED' });
    expect(toAgentEvent('{"type":"text"}')).toBeNull();
  });
});
