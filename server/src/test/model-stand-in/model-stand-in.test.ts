import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, RetryError, generateText, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { E2E_SCENARIOS, messageText, startModelStandIn, type ModelStandIn } from '.';

let standIn: ModelStandIn;

beforeAll(async () => {
  standIn = await startModelStandIn({ scenarios: E2E_SCENARIOS });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

function model() {
  const provider = createOpenAICompatible({
    name: 'local',
    baseURL: `${standIn.url}/v1`,
    apiKey: 'sk-secret-for-tests',
    includeUsage: true,
  });
  return provider.chatModel('stand-in');
}

const readFile = tool({
  description: 'Reads a file of the project.',
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => `<h1>Contents of ${path}</h1>`,
});

/** The parts of a streamed chunk the wire tests look into. */
interface WireChunk {
  choices: { delta?: { tool_calls?: { function: { arguments?: string } }[] } }[];
}

/** Reads an SSE body into its `data:` payloads. */
async function sseData(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
}

function postChat(body: object) {
  return fetch(`${standIn.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-secret' },
    body: JSON.stringify(body),
  });
}

describe('the model stand-in, through the AI SDK', () => {
  it('streams a scripted text in several deltas and reports the scripted usage', async () => {
    standIn.scenario('greeting', [
      { text: ['Hello', ', ', 'world', '!'], usage: { promptTokens: 42, completionTokens: 7 } },
    ]);
    const result = streamText({
      model: model(),
      system: 'You are Kiln.',
      prompt: '[scenario:greeting] Say hello.',
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas).toEqual(['Hello', ', ', 'world', '!']);
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(42);
    expect(usage.outputTokens).toBe(7);
    expect(usage.totalTokens).toBe(49);
  });

  it('streams a tool call, and answers the next request, which carries the tool result', async () => {
    standIn.scenario('read-then-tell', [
      {
        text: 'Reading it.',
        toolCalls: [{ name: 'read_file', arguments: { path: 'index.html' } }],
      },
      (request) => {
        const result = request.messages.findLast((message) => message.role === 'tool');
        return { text: `The file holds ${result ? messageText(result) : 'nothing'}.` };
      },
    ]);
    const result = streamText({
      model: model(),
      prompt: '[scenario:read-then-tell] What is in index.html?',
      tools: { read_file: readFile },
      stopWhen: stepCountIs(3),
    });
    const text = await result.text;
    const steps = await result.steps;

    expect(steps).toHaveLength(2);
    expect(steps[0]?.toolCalls).toMatchObject([
      { toolName: 'read_file', input: { path: 'index.html' } },
    ]);
    expect(steps[0]?.toolResults).toMatchObject([{ output: '<h1>Contents of index.html</h1>' }]);
    expect(text).toBe('The file holds <h1>Contents of index.html</h1>.');

    const [first, second] = standIn.chatRequests;
    expect(first?.turn).toBe(0);
    expect(second?.turn).toBe(1);
    expect(second?.body?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
    expect((await result.totalUsage).inputTokens).toBeGreaterThan(0);
  });

  it('answers without streaming: text and tool calls in one chat.completion', async () => {
    standIn.scenario('whole', [
      { text: 'Listing.', toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] },
      { text: 'All read.', usage: { promptTokens: 10, completionTokens: 3 } },
    ]);
    const result = await generateText({
      model: model(),
      prompt: '[scenario:whole] Read a.txt.',
      tools: { read_file: readFile },
      stopWhen: stepCountIs(3),
    });

    expect(result.steps[0]?.toolCalls).toMatchObject([
      { toolName: 'read_file', input: { path: 'a.txt' } },
    ]);
    expect(result.text).toBe('All read.');
    expect(result.usage.inputTokens).toBe(10);
    expect(standIn.chatRequests.map((request) => request.body?.stream ?? false)).toEqual([
      false,
      false,
    ]);
  });

  it('works as a model of the OpenAI provider too', async () => {
    const openai = createOpenAI({ baseURL: `${standIn.url}/v1`, apiKey: 'sk-openai-test' });
    standIn.scenario('openai', [
      { toolCalls: [{ name: 'read_file', arguments: { path: 'b.txt' } }] },
      { text: 'Done reading b.txt.' },
    ]);
    const result = streamText({
      model: openai.chat('gpt-4o-mini'),
      prompt: '[scenario:openai] Read b.txt.',
      tools: { read_file: readFile },
      stopWhen: stepCountIs(3),
    });

    expect(await result.text).toBe('Done reading b.txt.');
    expect((await result.steps)[0]?.toolCalls).toMatchObject([{ input: { path: 'b.txt' } }]);
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
    expect(standIn.chatRequests[0]?.body?.model).toBe('gpt-4o-mini');
  });

  it('records what was sent: system prompt, tools, no credentials', async () => {
    await generateText({
      model: model(),
      system: 'You are Kiln.',
      prompt: 'Hi there',
      tools: { read_file: readFile },
    });
    const [request] = standIn.requests;

    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorized).toBe(true);
    expect(request?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(standIn.requests)).not.toContain('sk-secret-for-tests');
    expect(request?.body?.messages[0]).toEqual({ role: 'system', content: 'You are Kiln.' });
    expect(request?.body?.tools).toMatchObject([
      { type: 'function', function: { name: 'read_file' } },
    ]);
    expect(request?.outcome).toBe('completed');
  });

  it('quotes the user when no scenario is named, and follows script() when one is set', async () => {
    const echoed = await generateText({ model: model(), prompt: 'Make me a  landing page' });
    expect(echoed.text).toBe('This is the model stand-in. You said: "Make me a landing page"');

    standIn.script([{ text: 'Scripted first.' }]);
    const scripted = await generateText({ model: model(), prompt: 'Anything' });
    expect(scripted.text).toBe('Scripted first.');
  });

  it('serves a scenario to two conversations at once, each from its start', async () => {
    standIn.scenario('twice', [{ text: 'First turn.', delayMs: 20 }, { text: 'Second turn.' }]);
    const [a, b] = await Promise.all([
      generateText({ model: model(), prompt: '[scenario:twice] A' }),
      generateText({ model: model(), prompt: '[scenario:twice] B' }),
    ]);
    expect([a.text, b.text]).toEqual(['First turn.', 'First turn.']);
  });

  it('spaces streamed chunks by delayMs', async () => {
    standIn.scenario('slow', [{ text: ['a', 'b', 'c', 'd'], delayMs: 40 }]);
    const arrivals: number[] = [];
    const result = streamText({ model: model(), prompt: '[scenario:slow] Go.' });
    for await (const _delta of result.textStream) arrivals.push(Date.now());

    expect(arrivals).toHaveLength(4);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(100);
  });
});

describe('the model stand-in failing as OpenAI does', () => {
  it('surfaces a 401 as an APICallError with that status', async () => {
    const call = generateText({ model: model(), prompt: '[scenario:e2e-invalid-key] Hi' });
    const error = await call.catch((caught: unknown) => caught);

    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(401);
    expect((error as APICallError).message).toContain('Incorrect API key');
  });

  it('surfaces a 429 as an APICallError, after retries that do not wait seconds', async () => {
    const once = await generateText({
      model: model(),
      prompt: '[scenario:e2e-rate-limit] Hi',
      maxRetries: 0,
    }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(once) && once.statusCode).toBe(429);

    standIn.reset();
    const started = Date.now();
    const retried = await generateText({
      model: model(),
      prompt: '[scenario:e2e-rate-limit] Hi',
      maxRetries: 2,
    }).catch((caught: unknown) => caught);
    expect(RetryError.isInstance(retried)).toBe(true);
    const last = (retried as RetryError).lastError;
    expect(APICallError.isInstance(last) && last.statusCode).toBe(429);
    expect(standIn.chatRequests.map((request) => request.status)).toEqual([429, 429, 429]);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("sends OpenAI's error bodies for context length and server errors", async () => {
    const tooLong = await postChat({
      model: 'stand-in',
      messages: [{ role: 'user', content: '[scenario:e2e-context-length] Hi' }],
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'context_length_exceeded', param: 'messages' },
    });

    const broken = await postChat({
      model: 'stand-in',
      messages: [{ role: 'user', content: '[scenario:e2e-server-error] Hi' }],
    });
    expect(broken.status).toBe(500);
    expect(broken.headers.get('retry-after-ms')).toBe('10');
    expect(await broken.json()).toMatchObject({ error: { type: 'server_error', code: null } });
  });

  it('hangs until the client aborts, and records the abort', async () => {
    const controller = new AbortController();
    const result = streamText({
      model: model(),
      prompt: '[scenario:e2e-hang] Hi',
      abortSignal: controller.signal,
    });
    const parts: string[] = [];
    const consumed = (async () => {
      for await (const part of result.fullStream) parts.push(part.type);
    })().catch(() => undefined);

    await standIn.waitFor((request) => request.scenario === 'e2e-hang');
    controller.abort();
    await consumed;
    const aborted = await standIn.waitForAbort();

    expect(parts).not.toContain('text-delta');
    expect(aborted.scenario).toBe('e2e-hang');
    expect(standIn.aborted).toBe(1);
  });

  it('records an abort in the middle of a slow stream', async () => {
    const controller = new AbortController();
    const result = streamText({
      model: model(),
      prompt: '[scenario:e2e-slow] Hi',
      abortSignal: controller.signal,
    });
    const deltas: string[] = [];
    await (async () => {
      for await (const delta of result.textStream) {
        deltas.push(delta);
        if (deltas.length === 2) controller.abort();
      }
    })().catch(() => undefined);

    expect((await standIn.waitForAbort()).outcome).toBe('aborted');
    expect(deltas).toHaveLength(2);
  });

  it('drops the connection mid-stream, which the client sees as an error and not an abort', async () => {
    const result = streamText({ model: model(), prompt: '[scenario:e2e-drop] Hi' });
    const deltas: string[] = [];
    const errors: unknown[] = [];
    // The cut surfaces either as an error part or as the stream itself failing.
    try {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') deltas.push(part.text);
        if (part.type === 'error') errors.push(part.error);
      }
    } catch (error) {
      errors.push(error);
    }

    expect(deltas.join('')).toBe('Starting to answer, then');
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0])).toBe(true);
    await standIn.waitFor((request) => request.outcome !== 'pending');
    expect(standIn.chatRequests[0]?.outcome).toBe('dropped');
    expect(standIn.aborted).toBe(0);
  });

  it('answers an unknown scenario with a 400 that names it', async () => {
    const response = await postChat({
      model: 'stand-in',
      messages: [{ role: 'user', content: '[scenario:nowhere] Hi' }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'unknown_scenario', message: expect.stringContaining('nowhere') },
    });
  });
});

describe('the model stand-in on the wire', () => {
  it('streams chunks as OpenAI does, tool arguments in pieces, usage, then [DONE]', async () => {
    standIn.scenario('wire', [
      {
        text: 'Editing.',
        toolCalls: [
          { name: 'edit_file', arguments: { path: 'index.html', search: 'a', replace: 'b' } },
        ],
      },
    ]);
    const response = await postChat({
      model: 'stand-in',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: '[scenario:wire] Edit' }],
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const data = await sseData(response);

    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((line) => JSON.parse(line) as WireChunk);
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: 'stand-in' });
    }
    expect(chunks[0]).toMatchObject({
      choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }],
      usage: null,
    });
    const header = chunks.find((chunk) => JSON.stringify(chunk).includes('"name":"edit_file"'));
    expect(header).toMatchObject({
      choices: [
        {
          delta: {
            tool_calls: [
              { index: 0, type: 'function', function: { name: 'edit_file', arguments: '' } },
            ],
          },
        },
      ],
    });
    const pieces = chunks
      .map((chunk) => chunk.choices[0]?.delta?.tool_calls?.[0]?.function.arguments)
      .filter((piece): piece is string => typeof piece === 'string' && piece !== '');
    expect(pieces.length).toBeGreaterThan(2);
    expect(JSON.parse(pieces.join(''))).toEqual({ path: 'index.html', search: 'a', replace: 'b' });
    expect(chunks.at(-2)).toMatchObject({ choices: [{ delta: {}, finish_reason: 'tool_calls' }] });
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
  });

  it('leaves out the usage chunk when it is not asked for', async () => {
    const response = await postChat({
      model: 'stand-in',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const data = await sseData(response);
    const last = JSON.parse(data.at(-2) ?? '{}') as Record<string, unknown>;

    expect(last).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
    expect(last).not.toHaveProperty('usage');
  });

  it('lists its models', async () => {
    const response = await fetch(`${standIn.url}/v1/models`);
    const list = (await response.json()) as { object: string; data: { id: string }[] };
    expect(list.object).toBe('list');
    expect(list.data.map((entry) => entry.id)).toContain('stand-in');
  });

  it('takes scenarios and gives its requests over HTTP, for another process', async () => {
    const registered = await fetch(`${standIn.url}/__scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'over-http', replies: [{ text: 'From afar.' }] }),
    });
    expect(registered.status).toBe(201);
    const result = await generateText({ model: model(), prompt: '[scenario:over-http] Hi' });
    expect(result.text).toBe('From afar.');

    const requests = (await (await fetch(`${standIn.url}/__requests`)).json()) as unknown[];
    expect(requests).toMatchObject([
      { scenario: 'over-http', turn: 0, status: 200, outcome: 'completed' },
    ]);

    const rejected = await fetch(`${standIn.url}/__scenarios`, {
      method: 'POST',
      body: JSON.stringify({ name: 'bad', replies: [{ hang: false }] }),
    });
    expect(rejected.status).toBe(400);

    await fetch(`${standIn.url}/__requests`, { method: 'DELETE' });
    expect(standIn.requests).toHaveLength(0);
  });
});
