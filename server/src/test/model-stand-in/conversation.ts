import type { ChatMessage } from './schemas';

const SCENARIO_MARKER = /\[scenario:([\w.-]+)\]/;

/** The text of a message, whether its content is a string or a list of parts. */
export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('\n');
}

/** The name in the first `[scenario:NAME]` marker of any message, system prompt included. */
export function findScenario(messages: ChatMessage[]): string | null {
  for (const message of messages) {
    const match = SCENARIO_MARKER.exec(messageText(message));
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * Which reply of its scenario a request gets: the number of assistant messages it already
 * carries. It is read from the request, not counted by the stand-in, so two tests running the
 * same scenario at once each get the scenario from its start.
 */
export function countTurns(messages: ChatMessage[]): number {
  return messages.filter((message) => message.role === 'assistant').length;
}

/** The last user message's text, for the default reply. */
export function lastUserText(messages: ChatMessage[]): string {
  const last = messages.findLast((message) => message.role === 'user');
  return last ? messageText(last) : '';
}
