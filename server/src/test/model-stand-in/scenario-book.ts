import { agentRoleOf, countTurns, findScenario, lastUserText } from './conversation';
import { invalidRequest, type OpenAiFailure } from './openai-errors';
import {
  ScriptedReplySchema,
  type ChatRequest,
  type ReplyContext,
  type ReplyStep,
} from './schemas';
import type { z } from 'zod';

export type Reply = z.infer<typeof ScriptedReplySchema>;

/** Past the end of a scenario the model closes politely, as scripted-model.ts does. */
const CLOSING_REPLY = { text: 'Done.' };

const QUOTE_LIMIT = 200;

/** Without a scenario, a short deterministic answer that quotes the user, so a demo chat works. */
function echoReply(request: ChatRequest) {
  const said = lastUserText(request.messages).trim().replace(/\s+/g, ' ');
  const quoted = said.length > QUOTE_LIMIT ? `${said.slice(0, QUOTE_LIMIT)}…` : said;
  return { text: `This is the model stand-in. You said: "${quoted}"` };
}

export type Choice =
  | { kind: 'reply'; context: ReplyContext; reply: Reply }
  | { kind: 'failure'; context: ReplyContext; failure: OpenAiFailure };

/**
 * The scenarios the stand-in knows, and the choice of a reply for a request: the reply at the
 * request's turn in the scenario its messages name.
 */
export function createScenarioBook() {
  const scenarios = new Map<string, ReplyStep[]>();
  let unmarked: ReplyStep[] | null = null;

  return {
    register(name: string, replies: ReplyStep[]) {
      scenarios.set(name, replies);
    },
    /** Replies for requests without a marker; `null` brings back the quoting default. */
    script(replies: ReplyStep[] | null) {
      unmarked = replies;
    },
    clear() {
      scenarios.clear();
      unmarked = null;
    },
    choose(request: ChatRequest): Choice {
      const context: ReplyContext = {
        scenario: findScenario(request.messages),
        turn: countTurns(request.messages),
      };
      const role = context.scenario === null ? null : agentRoleOf(request.messages);
      const steps =
        context.scenario === null
          ? unmarked
          : (scenarios.get(`${context.scenario}.${role}`) ?? scenarios.get(context.scenario));
      if (context.scenario !== null && !steps) {
        const message = `The model stand-in has no scenario named "${context.scenario}".`;
        return { kind: 'failure', context, failure: invalidRequest(message, 'unknown_scenario') };
      }
      const step = steps ? (steps[context.turn] ?? CLOSING_REPLY) : echoReply(request);
      const reply = typeof step === 'function' ? step(request, context) : step;
      // In-process replies skip the HTTP endpoint's validation; parse them the same way.
      return { kind: 'reply', context, reply: ScriptedReplySchema.parse(reply) };
    },
  };
}

export type ScenarioBook = ReturnType<typeof createScenarioBook>;
