import type { ReplyParts } from './reply-parts';
import type { OpenAiUsage } from './usage';

/** What every chunk and completion of one response shares. */
export interface ResponseMeta {
  id: string;
  created: number;
  model: string;
  /** With `stream_options.include_usage`, OpenAI puts `usage: null` on every ordinary chunk. */
  includeUsage: boolean;
}

const SYSTEM_FINGERPRINT = 'fp_kiln_stand_in';

function finishReason(parts: ReplyParts): 'stop' | 'tool_calls' {
  return parts.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}

function chunk(meta: ResponseMeta, delta: object, finish: string | null) {
  return {
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(meta.includeUsage ? { usage: null } : {}),
  };
}

/**
 * The chunks that carry the answer: the role, the text deltas, then each tool call as a chunk
 * with its id and name followed by chunks with pieces of its arguments, as OpenAI streams them.
 */
export function answerChunks(parts: ReplyParts, meta: ResponseMeta): object[] {
  const chunks: object[] = [chunk(meta, { role: 'assistant', content: '', refusal: null }, null)];
  for (const content of parts.textDeltas) chunks.push(chunk(meta, { content }, null));
  parts.toolCalls.forEach((call, index) => {
    const header = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    chunks.push(chunk(meta, { tool_calls: [header] }, null));
    for (const piece of call.argumentPieces) {
      chunks.push(chunk(meta, { tool_calls: [{ index, function: { arguments: piece } }] }, null));
    }
  });
  return chunks;
}

/** The empty chunk with the finish reason, then (if asked for) the usage chunk, which has no choices. */
export function closingChunks(parts: ReplyParts, meta: ResponseMeta, usage: OpenAiUsage): object[] {
  const chunks: object[] = [chunk(meta, {}, finishReason(parts))];
  if (meta.includeUsage) {
    chunks.push({
      id: meta.id,
      object: 'chat.completion.chunk',
      created: meta.created,
      model: meta.model,
      system_fingerprint: SYSTEM_FINGERPRINT,
      choices: [],
      usage,
    });
  }
  return chunks;
}

/** The whole answer at once, as a `chat.completion` (requests without `stream: true`). */
export function completion(parts: ReplyParts, meta: ResponseMeta, usage: OpenAiUsage) {
  const text = parts.textDeltas.join('');
  const toolCalls = parts.toolCalls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.argumentPieces.join('') },
  }));
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text.length > 0 ? text : null,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishReason(parts),
      },
    ],
    usage,
  };
}
