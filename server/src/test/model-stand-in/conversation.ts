import type { ChatMessage } from './schemas';

const SCENARIO_MARKER = /\[scenario:([\w.-]+)\]/g;

/** The text of a message, whether its content is a string or a list of parts. */
export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('\n');
}

/**
 * The name in the last `[scenario:NAME]` marker of the messages, system prompt included. The
 * last one wins so that a scripted answer can hand over to another scenario: the planning
 * chat's answer names the scenario that the project generation, which quotes it, then follows.
 */
export function findScenario(messages: ChatMessage[]): string | null {
  let found: string | null = null;
  for (const message of messages) {
    for (const match of messageText(message).matchAll(SCENARIO_MARKER)) found = match[1] ?? found;
  }
  return found;
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

/** The first words of each Kiln agent role's prompt, and the role they name. */
const ROLE_OPENINGS: [RegExp, string][] = [
  [/^You are Kiln's architect/, 'architect'],
  [/^You are Kiln's code reviewer/, 'review'],
  [/^You are Kiln's tester/, 'test'],
  [/^You are Kiln's debugger/, 'debug'],
  [/^You are Kiln's code assistant, answering a one-click action/, 'quick-action'],
  [/^You are the developer of a team of Kiln agents\. A test of what you built failed/, 'fix'],
  [/^You are the developer of a team of Kiln agents/, 'develop'],
];

/**
 * Which of Kiln's agent roles a request comes from, read from the opening of its system prompt
 * or first user message, so one scenario can script a whole orchestration: a scenario named
 * `NAME.ROLE` answers that role's requests under the marker `[scenario:NAME]`.
 */
export function agentRoleOf(messages: ChatMessage[]): string | null {
  const opening = messages.filter((m) => m.role === 'system' || m.role === 'user').slice(0, 2);
  for (const message of opening) {
    const text = messageText(message);
    for (const [pattern, role] of ROLE_OPENINGS) if (pattern.test(text)) return role;
  }
  return null;
}
