import type { ConversationMessage } from '@kiln/shared';
import { isTurnRunning, type AgentTurn, type ToolStep } from './agent-turn';

/** What the message list shows: stored messages, and the turn the server does not hold yet. */
export type ChatItem =
  | {
      kind: 'stored';
      message: ConversationMessage;
      /** The live steps of a turn just finished, with how each went; else null. */
      liveSteps: ToolStep[] | null;
    }
  | { kind: 'turn'; turn: AgentTurn };

/**
 * The conversation is the server's: the stored messages plus the turn in flight. A finished
 * turn is shown from the stream until the stored conversation has its answer (the server keeps
 * the request as the turn starts and the answer as it ends, stopped or failed turns included);
 * a turn refused before it started was never stored and stays as it was shown.
 */
export function chatItems(
  messages: readonly ConversationMessage[],
  turn: AgentTurn | null,
): ChatItem[] {
  const stored = (message: ConversationMessage): ChatItem => ({
    kind: 'stored',
    message,
    liveSteps: null,
  });
  if (!turn) return messages.map(stored);

  const followed = messages.findIndex((message) => message.id === turn.after);
  // When the message the turn followed is gone from the list (trimmed), everything listed is
  // taken as older than the turn.
  const split = turn.after === null ? 0 : followed === -1 ? messages.length : followed + 1;
  const before = messages.slice(0, split).map(stored);
  const since = messages.slice(split);
  const answer = since.find((message) => message.role === 'assistant');

  if (isTurnRunning(turn) || !answer) return [...before, { kind: 'turn', turn }];
  return [
    ...before,
    ...since.map((message) =>
      message === answer && turn.steps.length > 0
        ? { kind: 'stored' as const, message, liveSteps: turn.steps }
        : stored(message),
    ),
  ];
}

/** Whether the stored conversation already holds the turn's answer. */
export function isTurnStored(messages: readonly ConversationMessage[], turn: AgentTurn): boolean {
  return chatItems(messages, turn).every((item) => item.kind !== 'turn');
}

/** The id of the newest stored message, which a new turn is sent after. */
export function lastMessageId(messages: readonly ConversationMessage[]): string | null {
  return messages.at(-1)?.id ?? null;
}
