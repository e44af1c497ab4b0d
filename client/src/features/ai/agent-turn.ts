import type { AgentStreamEvent, ConversationMessage, FileChange } from '@kiln/shared';

export type MessageAttachment = ConversationMessage['attachments'][number];

export type ToolStepStatus = 'running' | 'ok' | 'failed' | 'cancelled';

/** One tool the agent used in a turn, as the live list shows it. */
export interface ToolStep {
  id: string;
  summary: string;
  status: ToolStepStatus;
  /** Why it failed, when it did. */
  detail: string | null;
}

/**
 * waiting: sent, nothing heard yet ('Analyzing your request...'); streaming: events arriving;
 * done: the answer came; stopped: the person pressed Stop; failed: an error ended it.
 */
export type TurnStatus = 'waiting' | 'streaming' | 'done' | 'stopped' | 'failed';

/** The turn in flight (or the last one, until the stored conversation holds it). */
export interface AgentTurn {
  request: { content: string; attachments: MessageAttachment[] };
  /** The id of the last stored message when it was sent: later stored messages are this turn's. */
  after: string | null;
  status: TurnStatus;
  model: string | null;
  text: string;
  steps: ToolStep[];
  filesModified: FileChange[];
  checkpointId: string | null;
  error: { message: string; code: string | null } | null;
}

export function startTurn(options: {
  content: string;
  attachments: MessageAttachment[];
  after: string | null;
}): AgentTurn {
  return {
    request: { content: options.content, attachments: options.attachments },
    after: options.after,
    status: 'waiting',
    model: null,
    text: '',
    steps: [],
    filesModified: [],
    checkpointId: null,
    error: null,
  };
}

export const isTurnRunning = (turn: AgentTurn | null): boolean =>
  turn !== null && (turn.status === 'waiting' || turn.status === 'streaming');

/** A change reported again for the same path replaces the earlier one (written, then edited). */
function withChange(changes: readonly FileChange[], change: FileChange): FileChange[] {
  const others = changes.filter((item) => item.path !== change.path);
  return [...others, change];
}

/** Steps still running when the turn ends will not report back. */
function settleSteps(steps: readonly ToolStep[]): ToolStep[] {
  return steps.map((step) =>
    step.status === 'running' ? { ...step, status: 'cancelled' as const } : step,
  );
}

/**
 * The closing answer holds everything streamed plus what the server adds at the end (why it
 * stopped early, a failure); what the stream did not carry is added, and an answer that does
 * not continue the streamed text replaces it.
 */
function closingText(streamed: string, message: string): string {
  const shown = streamed.trimEnd();
  if (!shown) return message;
  if (!message.startsWith(shown)) return message;
  const rest = message.slice(shown.length).trim();
  return rest ? `${shown}\n\n${rest}` : shown;
}

/** Applies one of the agent's stream events to the turn in flight. */
export function applyStreamEvent(turn: AgentTurn, event: AgentStreamEvent): AgentTurn {
  if (!isTurnRunning(turn)) return turn;
  switch (event.type) {
    case 'start':
      return { ...turn, status: 'streaming', model: event.model };
    case 'text':
      return { ...turn, status: 'streaming', text: turn.text + event.delta };
    case 'tool-call':
      return {
        ...turn,
        status: 'streaming',
        steps: [
          ...turn.steps,
          { id: event.id, summary: event.summary, status: 'running', detail: null },
        ],
      };
    case 'tool-result':
      return {
        ...turn,
        steps: turn.steps.map((step) =>
          step.id === event.id
            ? {
                ...step,
                status: event.ok ? 'ok' : 'failed',
                detail: event.ok ? null : event.summary || null,
              }
            : step,
        ),
      };
    case 'file-changed':
      return { ...turn, filesModified: withChange(turn.filesModified, event.change) };
    case 'done':
      return {
        ...turn,
        status: 'done',
        model: event.result.model || turn.model,
        text: closingText(turn.text, event.result.message),
        steps: settleSteps(turn.steps),
        filesModified: event.result.filesModified,
        checkpointId: event.result.checkpointId,
      };
    case 'error':
      return failTurn(turn, { message: event.error, code: event.code });
  }
}

/** Stop: what streamed stays, marked stopped. */
export function stopTurn(turn: AgentTurn): AgentTurn {
  if (!isTurnRunning(turn)) return turn;
  return { ...turn, status: 'stopped', steps: settleSteps(turn.steps) };
}

export function failTurn(
  turn: AgentTurn,
  error: { message: string; code: string | null },
): AgentTurn {
  if (!isTurnRunning(turn)) return turn;
  return { ...turn, status: 'failed', steps: settleSteps(turn.steps), error };
}

export type TurnAction =
  | { type: 'start'; turn: AgentTurn }
  | { type: 'event'; event: AgentStreamEvent }
  | { type: 'stop' }
  | { type: 'fail'; error: { message: string; code: string | null } }
  | { type: 'clear' };

export function turnReducer(turn: AgentTurn | null, action: TurnAction): AgentTurn | null {
  switch (action.type) {
    case 'start':
      return action.turn;
    case 'clear':
      return null;
    case 'event':
      return turn && applyStreamEvent(turn, action.event);
    case 'stop':
      return turn && stopTurn(turn);
    case 'fail':
      return turn && failTurn(turn, action.error);
  }
}
