import type { AgentResponse, AgentStreamEvent } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  applyStreamEvent,
  failTurn,
  isTurnRunning,
  startTurn,
  stopTurn,
  turnReducer,
  type AgentTurn,
} from './agent-turn';

const sent = () => startTurn({ content: 'Change the heading', attachments: [], after: 'm2' });

function applyAll(turn: AgentTurn, events: AgentStreamEvent[]): AgentTurn {
  return events.reduce(applyStreamEvent, turn);
}

const result = (overrides: Partial<AgentResponse> = {}): AgentResponse => ({
  message: 'I changed the heading.',
  response: 'I changed the heading.',
  filesModified: [{ path: 'index.html', action: 'modified' }],
  actionLog: ['Reading index.html', 'Editing index.html'],
  checkpointId: 'cp1',
  model: 'Claude Sonnet 4.5',
  usage: { inputTokens: 100, outputTokens: 20 },
  stopReason: null,
  ...overrides,
});

describe('applyStreamEvent', () => {
  it('waits until the first event, then streams text as it comes', () => {
    const turn = sent();
    expect(turn.status).toBe('waiting');
    const streaming = applyAll(turn, [
      { type: 'start', model: 'Claude Sonnet 4.5' },
      { type: 'text', delta: 'Let me ' },
      { type: 'text', delta: 'look.' },
    ]);
    expect(streaming).toMatchObject({
      status: 'streaming',
      model: 'Claude Sonnet 4.5',
      text: 'Let me look.',
    });
    expect(isTurnRunning(streaming)).toBe(true);
  });

  it('follows each tool step from call to result', () => {
    const turn = applyAll(sent(), [
      { type: 'tool-call', id: 'a', tool: 'read_file', summary: 'Reading index.html' },
      { type: 'tool-call', id: 'b', tool: 'edit_file', summary: 'Editing index.html' },
      { type: 'tool-result', id: 'a', tool: 'read_file', ok: true, summary: 'Done' },
    ]);
    expect(turn.steps.map((step) => step.status)).toEqual(['ok', 'running']);
    const failed = applyStreamEvent(turn, {
      type: 'tool-result',
      id: 'b',
      tool: 'edit_file',
      ok: false,
      summary: 'Error: the text to replace was not found',
    });
    expect(failed.steps[1]).toMatchObject({
      status: 'failed',
      detail: 'Error: the text to replace was not found',
    });
  });

  it('lists each changed file once, the latest change winning', () => {
    const turn = applyAll(sent(), [
      { type: 'file-changed', change: { path: 'a.html', action: 'created' } },
      { type: 'file-changed', change: { path: 'b.css', action: 'modified' } },
      { type: 'file-changed', change: { path: 'a.html', action: 'modified' } },
    ]);
    expect(turn.filesModified).toEqual([
      { path: 'b.css', action: 'modified' },
      { path: 'a.html', action: 'modified' },
    ]);
  });

  it('takes the closing answer: its files, checkpoint and what the stream did not carry', () => {
    const done = applyAll(sent(), [
      { type: 'start', model: 'Claude Sonnet 4.5' },
      { type: 'text', delta: 'I changed the heading.\n\n' },
      { type: 'tool-call', id: 'a', tool: 'read_file', summary: 'Reading index.html' },
      {
        type: 'done',
        result: result({
          message: 'I changed the heading.\n\nKiln stopped the agent after 25 steps.',
        }),
      },
    ]);
    expect(done).toMatchObject({
      status: 'done',
      text: 'I changed the heading.\n\nKiln stopped the agent after 25 steps.',
      filesModified: [{ path: 'index.html', action: 'modified' }],
      checkpointId: 'cp1',
    });
    expect(done.steps[0]?.status).toBe('cancelled');
    expect(isTurnRunning(done)).toBe(false);
  });

  it('shows the closing answer when nothing streamed', () => {
    const done = applyStreamEvent(sent(), { type: 'done', result: result({ message: 'Done.' }) });
    expect(done.text).toBe('Done.');
  });

  it('ends on an error event with its message and code', () => {
    const failed = applyAll(sent(), [
      { type: 'text', delta: 'Starting' },
      { type: 'error', error: 'The AI provider is busy', code: 'AI_PROVIDER_BUSY' },
    ]);
    expect(failed).toMatchObject({
      status: 'failed',
      text: 'Starting',
      error: { message: 'The AI provider is busy', code: 'AI_PROVIDER_BUSY' },
    });
  });

  it('ignores events after the turn ended', () => {
    const stopped = stopTurn(applyStreamEvent(sent(), { type: 'text', delta: 'Half' }));
    expect(applyStreamEvent(stopped, { type: 'text', delta: ' more' }).text).toBe('Half');
  });
});

describe('stopTurn and failTurn', () => {
  it('keeps what streamed, marked stopped, and settles running steps', () => {
    const stopped = stopTurn(
      applyAll(sent(), [
        { type: 'text', delta: 'Working on it' },
        { type: 'tool-call', id: 'a', tool: 'run_file', summary: 'Running main.js' },
      ]),
    );
    expect(stopped).toMatchObject({ status: 'stopped', text: 'Working on it' });
    expect(stopped.steps[0]?.status).toBe('cancelled');
  });

  it('does not turn a finished turn into a failure', () => {
    const done = applyStreamEvent(sent(), { type: 'done', result: result() });
    expect(failTurn(done, { message: 'late', code: null })).toBe(done);
    expect(stopTurn(done)).toBe(done);
  });
});

describe('turnReducer', () => {
  it('starts, applies events and clears', () => {
    let turn = turnReducer(null, { type: 'start', turn: sent() });
    turn = turnReducer(turn, { type: 'event', event: { type: 'text', delta: 'Hi' } });
    expect(turn?.text).toBe('Hi');
    turn = turnReducer(turn, { type: 'fail', error: { message: 'Failed', code: null } });
    expect(turn?.status).toBe('failed');
    expect(turnReducer(turn, { type: 'clear' })).toBeNull();
    expect(turnReducer(null, { type: 'stop' })).toBeNull();
  });
});
