import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerChunks, closingChunks, completion, type ResponseMeta } from './openai-wire';
import { openAiFailure, type OpenAiFailure } from './openai-errors';
import { replyParts } from './reply-parts';
import type { Reply } from './scenario-book';
import type { ChatRequest } from './schemas';
import { usageOf } from './usage';

/** How the stand-in left a response: it ends it, cuts it, keeps it open, or finds it closed. */
export type Ending = 'completed' | 'dropped' | 'hanging' | 'closed';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Ending {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
  return 'completed';
}

export function sendFailure(response: ServerResponse, failure: OpenAiFailure): Ending {
  return sendJson(response, failure.status, failure.body, failure.headers);
}

/** Writes SSE events one by one, waiting `delayMs` before each; false once the client is gone. */
async function writeEvents(response: ServerResponse, events: object[], delayMs: number) {
  for (const event of events) {
    if (delayMs > 0) await sleep(delayMs);
    if (response.destroyed) return false;
    // Waiting for each write to reach the socket keeps a drop from discarding queued chunks.
    await new Promise<void>((resolve) => {
      response.write(`data: ${JSON.stringify(event)}\n\n`, () => resolve());
    });
  }
  return !response.destroyed;
}

export interface ReplyOptions {
  request: ChatRequest;
  reply: Reply;
  response: ServerResponse;
  meta: ResponseMeta;
  nextToolCallId: () => string;
  /** Called just before the stand-in cuts the connection, so the cut is not taken for an abort. */
  onDrop: () => void;
}

/** Answers a Chat Completions request with a scripted reply, streamed or whole as it asked. */
export async function sendReply(options: ReplyOptions): Promise<Ending> {
  const { request, reply, response, meta, nextToolCallId, onDrop } = options;
  const streaming = request.stream === true;
  if ('fail' in reply) {
    const { fail, message, retryAfterMs } = reply;
    return sendFailure(response, openAiFailure(fail, { message, retryAfterMs }));
  }
  if ('hang' in reply) {
    response.writeHead(200, streaming ? SSE_HEADERS : { 'content-type': 'application/json' });
    response.flushHeaders();
    return 'hanging';
  }
  const parts = replyParts(reply, nextToolCallId);
  const delayMs = reply.delayMs ?? 0;
  if ('drop' in reply) {
    response.writeHead(200, streaming ? SSE_HEADERS : { 'content-type': 'application/json' });
    response.flushHeaders();
    if (streaming && !(await writeEvents(response, answerChunks(parts, meta), delayMs))) {
      return 'closed';
    }
    onDrop();
    response.socket?.destroy();
    return 'dropped';
  }
  const usage = usageOf(request, parts.written, reply.usage);
  if (!streaming) {
    if (delayMs > 0) await sleep(delayMs);
    if (response.destroyed) return 'closed';
    return sendJson(response, 200, completion(parts, meta, usage));
  }
  response.writeHead(200, SSE_HEADERS);
  response.flushHeaders();
  const events = [...answerChunks(parts, meta), ...closingChunks(parts, meta, usage)];
  if (!(await writeEvents(response, events, delayMs))) return 'closed';
  response.end('data: [DONE]\n\n');
  return 'completed';
}
