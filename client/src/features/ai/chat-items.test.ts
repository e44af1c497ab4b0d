import type { ConversationMessage } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { applyStreamEvent, startTurn, stopTurn } from './agent-turn';
import { chatItems, isTurnStored, lastMessageId } from './chat-items';

function message(
  id: string,
  role: 'user' | 'assistant',
  content: string,
  extra: Partial<ConversationMessage> = {},
): ConversationMessage {
  return {
    id,
    role,
    content,
    attachments: [],
    filesModified: [],
    actionLog: [],
    checkpointId: null,
    undone: false,
    model: role === 'assistant' ? 'Claude Sonnet 4.5' : null,
    createdAt: '2026-11-24T10:00:00.000Z',
    ...extra,
  };
}

const earlier = [message('m1', 'user', 'Hello'), message('m2', 'assistant', 'Hi')];
const turnAfter = (after: string | null) =>
  applyStreamEvent(startTurn({ content: 'Add a page', attachments: [], after }), {
    type: 'tool-call',
    id: 't1',
    tool: 'write_file',
    summary: 'Writing about.html',
  });

const kinds = (items: ReturnType<typeof chatItems>) =>
  items.map((item) => (item.kind === 'turn' ? 'turn' : item.message.id));

describe('chatItems', () => {
  it('is the stored conversation when no turn is under way', () => {
    expect(kinds(chatItems(earlier, null))).toEqual(['m1', 'm2']);
  });

  it('shows the turn in flight after the stored messages', () => {
    expect(kinds(chatItems(earlier, turnAfter('m2')))).toEqual(['m1', 'm2', 'turn']);
    expect(kinds(chatItems([], turnAfter(null)))).toEqual(['turn']);
  });

  it('does not show the turn’s own request twice when the list was read mid-turn', () => {
    const midTurn = [...earlier, message('m3', 'user', 'Add a page')];
    expect(kinds(chatItems(midTurn, turnAfter('m2')))).toEqual(['m1', 'm2', 'turn']);
  });

  it('hands over to the stored answer once the turn ended, keeping how each step went', () => {
    const done = applyStreamEvent(turnAfter('m2'), {
      type: 'tool-result',
      id: 't1',
      tool: 'write_file',
      ok: true,
      summary: 'Done',
    });
    const ended = stopTurn(done);
    const stored = [
      ...earlier,
      message('m3', 'user', 'Add a page'),
      message('m4', 'assistant', 'Stopped.', { actionLog: ['Writing about.html'] }),
    ];
    const items = chatItems(stored, ended);
    expect(kinds(items)).toEqual(['m1', 'm2', 'm3', 'm4']);
    const answer = items[3];
    expect(answer?.kind === 'stored' && answer.liveSteps?.[0]?.status).toBe('ok');
    expect(isTurnStored(stored, ended)).toBe(true);
  });

  it('keeps a finished turn in view until its answer is stored', () => {
    const ended = stopTurn(turnAfter('m2'));
    const requestOnly = [...earlier, message('m3', 'user', 'Add a page')];
    expect(kinds(chatItems(requestOnly, ended))).toEqual(['m1', 'm2', 'turn']);
    expect(isTurnStored(requestOnly, ended)).toBe(false);
  });

  it('keeps the older messages when the one the turn followed is no longer listed', () => {
    expect(kinds(chatItems(earlier, turnAfter('gone')))).toEqual(['m1', 'm2', 'turn']);
  });
});

describe('lastMessageId', () => {
  it('names the newest stored message', () => {
    expect(lastMessageId(earlier)).toBe('m2');
    expect(lastMessageId([])).toBeNull();
  });
});
