import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { invalidRequest } from './openai-errors';
import { createRequestLog, type RecordedRequest, type RequestLog } from './request-log';
import { sendFailure, sendJson, sendReply, type Ending } from './respond';
import { createScenarioBook, type ScenarioBook } from './scenario-book';
import { ChatRequestSchema, ScenarioInputSchema, type ReplyStep } from './schemas';

const CHAT_PATHS = new Set(['/v1/chat/completions', '/chat/completions']);
const MODELS_PATHS = new Set(['/v1/models', '/models']);
const MODEL_IDS = ['stand-in', 'stand-in-mini'];

function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface Counters {
  responses: number;
  toolCalls: number;
}

async function serveChat(
  recorded: RecordedRequest,
  response: ServerResponse,
  { book, log, counters }: { book: ScenarioBook; log: RequestLog; counters: Counters },
) {
  const parsed = ChatRequestSchema.safeParse(parseJson(recorded.rawBody));
  if (!parsed.success) {
    const message = `The request body is not a Chat Completions request: ${parsed.error.message}`;
    sendFailure(response, invalidRequest(message));
    return log.update(recorded, { status: 400, outcome: 'completed' });
  }
  const request = parsed.data;
  log.update(recorded, { body: request });
  let dropping = false;
  // A close before the stand-in ended (or cut) the response is the client going away.
  response.on('close', () => {
    if (!response.writableEnded && !dropping) log.update(recorded, { outcome: 'aborted' });
  });
  let ending: Ending;
  try {
    const choice = book.choose(request);
    log.update(recorded, { scenario: choice.context.scenario, turn: choice.context.turn });
    if (choice.kind === 'failure') {
      ending = sendFailure(response, choice.failure);
      log.update(recorded, { status: choice.failure.status });
    } else {
      const isFailure = 'fail' in choice.reply;
      if (!isFailure) log.update(recorded, { status: 200 });
      counters.responses += 1;
      ending = await sendReply({
        request,
        reply: choice.reply,
        response,
        meta: {
          id: `chatcmpl-standin${counters.responses}`,
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          includeUsage: request.stream_options?.include_usage === true,
        },
        nextToolCallId: () => `call_standin${(counters.toolCalls += 1)}`,
        onDrop: () => {
          dropping = true;
        },
      });
      if (isFailure) log.update(recorded, { status: response.statusCode });
    }
  } catch (error) {
    // A scripted function threw or returned something that is not a reply: a bug in the test.
    const message = error instanceof Error ? error.message : String(error);
    ending = sendJson(response, 500, { error: { message, type: 'stand_in_error', code: null } });
    log.update(recorded, { status: 500 });
  }
  if (ending === 'completed') log.update(recorded, { outcome: 'completed' });
  if (ending === 'dropped') log.update(recorded, { outcome: 'dropped' });
}

/** `POST /__scenarios` and `GET|DELETE /__requests`: scripting from another process. */
async function serveControl(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  { book, log }: { book: ScenarioBook; log: RequestLog },
) {
  if (path === '/__scenarios' && request.method === 'POST') {
    const input = ScenarioInputSchema.safeParse(parseJson(await readBody(request)));
    if (!input.success) return sendJson(response, 400, { error: input.error.issues });
    book.register(input.data.name, input.data.replies);
    return sendJson(response, 201, { name: input.data.name, replies: input.data.replies.length });
  }
  if (path === '/__requests' && request.method === 'GET')
    return sendJson(response, 200, log.requests);
  if (path === '/__requests' && request.method === 'DELETE') {
    log.clear();
    return sendJson(response, 200, { cleared: true });
  }
  return sendJson(response, 404, { error: `No control endpoint ${request.method} ${path}` });
}

export interface ModelStandInOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** Scenarios known from the start, by name. */
  scenarios?: Record<string, ReplyStep[]>;
}

/**
 * A stand-in for an OpenAI-compatible model server at its HTTP boundary, for
 * tests and the end-to-end suite: Chat Completions streamed or whole, answered from scenarios,
 * with every request recorded, and requests the client abandoned marked `aborted`.
 */
export async function startModelStandIn(options: ModelStandInOptions = {}) {
  const book = createScenarioBook();
  for (const [name, replies] of Object.entries(options.scenarios ?? {})) {
    book.register(name, replies);
  }
  const log = createRequestLog();
  const counters: Counters = { responses: 0, toolCalls: 0 };

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    if (path.startsWith('/__')) return void serveControl(request, response, path, { book, log });
    void readBody(request).then((rawBody) => {
      const method = request.method ?? 'GET';
      const recorded = log.add({ method, path, headers: request.headers, rawBody });
      if (CHAT_PATHS.has(path) && method === 'POST') {
        return serveChat(recorded, response, { book, log, counters });
      }
      if (MODELS_PATHS.has(path) && method === 'GET') {
        sendJson(response, 200, {
          object: 'list',
          data: MODEL_IDS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'kiln' })),
        });
      } else {
        const message = `Invalid URL (${method} ${path})`;
        sendFailure(response, { ...invalidRequest(message), status: 404 });
      }
      log.update(recorded, { status: response.statusCode, outcome: 'completed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Every request but the control endpoints', oldest first. */
    requests: log.requests,
    /** Chat Completions requests only. */
    get chatRequests() {
      return log.requests.filter((request) => request.body !== null);
    },
    /** How many requests the client abandoned before their response was complete. */
    get aborted() {
      return log.requests.filter((request) => request.outcome === 'aborted').length;
    },
    /** Registers (or replaces) the replies of the conversations marked `[scenario:name]`. */
    scenario(name: string, replies: ReplyStep[]) {
      book.register(name, replies);
    },
    /** Replies for requests with no marker, by turn; `null` brings back the quoting default. */
    script(replies: ReplyStep[] | null) {
      book.script(replies);
    },
    waitFor: log.waitFor,
    /** Resolves with the first aborted request (see `RequestOutcome`). */
    waitForAbort(timeoutMs?: number) {
      return log.waitFor((request) => request.outcome === 'aborted', timeoutMs);
    },
    /** Forgets the recorded requests and the unmarked script; named scenarios stay. */
    reset() {
      log.clear();
      book.script(null);
    },
    close() {
      // Hanging responses would keep `close` waiting forever.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ModelStandIn = Awaited<ReturnType<typeof startModelStandIn>>;
