import type { OrchestrationEvent } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { readOrchestrationEvents, toOrchestrationEvent } from './read-orchestration-events';

const result = {
  id: 'run-1',
  projectId: 'p',
  status: 'running',
  userRequest: 'Build a page',
  tasks: [
    {
      id: 't1',
      type: 'architect',
      status: 'in_progress',
      input: 'Plan it',
      output: '',
      startedAt: '2026-01-01T10:00:00.000Z',
      finishedAt: null,
    },
  ],
  plan: null,
  code: [],
  filesModified: [],
  checkpointId: null,
  review: [],
  tests: [],
  debug: null,
  summary: '',
  error: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  finishedAt: null,
};

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<OrchestrationEvent[]> {
  const events: OrchestrationEvent[] = [];
  for await (const event of readOrchestrationEvents(stream)) events.push(event);
  return events;
}

describe('readOrchestrationEvents', () => {
  it('reads progress and done events split across chunks', async () => {
    const progress = `data: ${JSON.stringify({ type: 'progress', result })}\n\n`;
    const done = `data: ${JSON.stringify({ type: 'done', result: { ...result, status: 'completed' } })}\n\n`;
    const events = await collect(
      streamOf([progress.slice(0, 40), progress.slice(40) + done.slice(0, 7), done.slice(7)]),
    );
    expect(events.map((event) => event.type)).toEqual(['progress', 'done']);
    expect(events[0]).toMatchObject({ result: { id: 'run-1', status: 'running' } });
    expect(events[1]).toMatchObject({ result: { status: 'completed' } });
  });

  it('skips what is not JSON or not a known event, and keeps reading', async () => {
    const events = await collect(
      streamOf([
        'data: not json\n\n',
        'data: {"type":"started","id":"run-1"}\n\n',
        `data: ${JSON.stringify({ type: 'progress', result: { ...result, status: 'sleeping' } })}\n\n`,
        'data: {"type":"error","error":"The model did not answer","code":"AI_UNAVAILABLE"}\n\n',
      ]),
    );
    expect(events).toEqual([
      { type: 'error', error: 'The model did not answer', code: 'AI_UNAVAILABLE' },
    ]);
  });
});

describe('toOrchestrationEvent', () => {
  it('fills the defaults the shared schema gives a test suite', () => {
    const event = toOrchestrationEvent(
      JSON.stringify({
        type: 'done',
        result: {
          ...result,
          status: 'completed',
          tests: [{ description: 'Page', testCases: [] }],
        },
      }),
    );
    expect(event?.type === 'done' && event.result.tests[0]).toEqual({
      description: 'Page',
      testCases: [],
      files: [],
      runs: [],
    });
  });
});
