import type { ScriptedToolCall } from './schemas';

export interface ToolCallParts {
  id: string;
  name: string;
  /** The arguments JSON, cut into the pieces the stream sends one by one. */
  argumentPieces: string[];
}

/** The pieces of an answer: its text deltas and its tool calls. */
export interface ReplyParts {
  textDeltas: string[];
  toolCalls: ToolCallParts[];
  /** Everything the model "wrote", for estimating completion tokens. */
  written: string;
}

/** Small enough that even short arguments (`{"path":"index.html"}`) take several chunks. */
const ARGUMENT_PIECE_LENGTH = 8;

/** A string streams word by word (each word keeps its trailing space); an array as given. */
export function textDeltas(text: string | string[] | undefined): string[] {
  if (text === undefined) return [];
  if (Array.isArray(text)) return text;
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function piecesOf(json: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < json.length; start += ARGUMENT_PIECE_LENGTH) {
    pieces.push(json.slice(start, start + ARGUMENT_PIECE_LENGTH));
  }
  return pieces;
}

/** Splits a reply into deltas and tool calls; `nextId` names each tool call (`call_…`). */
export function replyParts(
  reply: { text?: string | string[]; toolCalls?: ScriptedToolCall[] },
  nextId: () => string,
): ReplyParts {
  const deltas = textDeltas(reply.text);
  const toolCalls = (reply.toolCalls ?? []).map((call) => {
    const json =
      typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {});
    return { id: nextId(), name: call.name, argumentPieces: piecesOf(json) };
  });
  const written =
    deltas.join('') + toolCalls.map((call) => call.name + call.argumentPieces.join('')).join('');
  return { textDeltas: deltas, toolCalls, written };
}
