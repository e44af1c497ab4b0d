import { APICallError } from 'ai';
import type {
  AgentResponse,
  AgentStreamEvent,
  Checkpoint,
  ConversationResponse,
  Project,
  ProjectFileEntry,
} from '@kiln/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiCheckpoints, aiMessages, aiUsage } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { pdfWithText } from '../../test/pdf';
import { promptText, scriptedModel, scriptedProviders } from '../../test/scripted-model';

const scripted = scriptedModel();

/** The SSE body of an agent answer, as events. */
function parseEvents(body: string): AgentStreamEvent[] {
  return body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as AgentStreamEvent);
}

describe('the AI agent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { AI_AGENT_MAX_STEPS: '6', AI_IDLE_TIMEOUT_SECONDS: '1' },
      { aiProviders: scriptedProviders(scripted.model) },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => scripted.script([]));

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `P${Date.now()}${Math.random()}` })
    ).json<Project>();
    const write = (path: string, content: string) =>
      owner.client.post('/api/files', { projectId: project.id, path, content });
    const read = async (path: string) => {
      const response = await owner.client.get(
        `/api/files/${project.id}/content?path=${encodeURIComponent(path)}`,
      );
      return response.statusCode === 200 ? response.json<{ content: string }>().content : null;
    };
    const ask = (message: string, extra: Record<string, unknown> = {}) =>
      owner.client.post('/api/ai/agent', { projectId: project.id, message, ...extra });
    return { ...owner, project, write, read, ask };
  }

  it('changes files through its tools and reports them, with a checkpoint and the conversation kept', async () => {
    const p = await ownerWithProject();
    await p.write('app.js', 'console.log("hello");\n');
    await p.write('old.txt', 'old');
    await p.write('gone.txt', 'bye');
    scripted.script([
      { toolCalls: [{ name: 'read_file', input: { path: 'app.js' } }] },
      // The first edit misses: nothing changes and the model is told so.
      {
        toolCalls: [
          { name: 'edit_file', input: { path: 'app.js', search: 'hullo', replace: 'x' } },
        ],
      },
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: { path: 'app.js', search: '"hello"', replace: '"hello, Kiln"' },
          },
          {
            name: 'write_file',
            input: { path: 'src/util.js', content: 'export const one = 1;\n' },
          },
          { name: 'rename_path', input: { from: 'old.txt', to: 'docs/new.txt' } },
          { name: 'delete_path', input: { path: 'gone.txt' } },
        ],
      },
      { text: 'I greeted Kiln and tidied up.' },
    ]);
    const response = await p.ask('Greet Kiln and tidy up');
    expect(response.statusCode).toBe(200);
    const body = response.json<AgentResponse>();
    expect(body.message).toBe('I greeted Kiln and tidied up.');
    expect(body.response).toBe(body.message);
    expect(body.filesModified).toEqual(
      expect.arrayContaining([
        { path: 'app.js', action: 'modified' },
        { path: 'src/util.js', action: 'created' },
        { path: 'docs/new.txt', action: 'renamed', from: 'old.txt' },
        { path: 'gone.txt', action: 'deleted' },
      ]),
    );
    expect(body.filesModified.map((change) => change.path)).not.toContain('old.txt');
    expect(body.actionLog).toEqual([
      'Reading app.js',
      'Editing app.js',
      'Editing app.js',
      'Writing src/util.js',
      'Renaming old.txt to docs/new.txt',
      'Deleting gone.txt',
    ]);
    expect(body.checkpointId).toEqual(expect.any(String));
    expect(body.model).toBe('Claude Sonnet 4.5');

    // The miss went back to the model, and nothing was half-applied.
    expect(promptText(scripted.calls[2]!)).toContain('the search text was not found in app.js');
    expect(await p.read('app.js')).toBe('console.log("hello, Kiln");\n');
    expect(await p.read('src/util.js')).toBe('export const one = 1;\n');
    expect(await p.read('docs/new.txt')).toBe('old');
    expect(await p.read('gone.txt')).toBeNull();
    const list = (await p.client.get(`/api/files/${p.project.id}`)).json<ProjectFileEntry[]>();
    expect(list.find((file) => file.path === 'app.js')?.version).toBe(2);
    // Search sees the agent's text as it sees the editor's.
    const found = await p.client.post(`/api/files/search/${p.project.id}`, {
      query: 'hello, Kiln',
      caseSensitive: false,
      useRegex: false,
    });
    expect(found.json<{ filePath: string }[]>().map((result) => result.filePath)).toEqual([
      'app.js',
    ]);

    // The model saw the tree and the tools, not the files' text up front.
    const first = promptText(scripted.calls[0]!);
    expect(first).toContain('gone.txt');
    expect(first).not.toContain('bye');
    expect(scripted.calls[0]!.tools?.map((tool) => tool.name).sort()).toEqual([
      'create_folder',
      'delete_path',
      'edit_file',
      'list_files',
      'read_file',
      'rename_path',
      'run_file',
      'search_files',
      'write_file',
    ]);

    const conversation = (
      await p.client.get(`/api/ai/conversation?projectId=${p.project.id}`)
    ).json<ConversationResponse>();
    expect(conversation.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(conversation.messages[1]).toMatchObject({
      content: 'I greeted Kiln and tidied up.',
      checkpointId: body.checkpointId,
      undone: false,
    });
  });

  it('streams text, steps and file changes as Server-Sent Events, ending with the answer', async () => {
    const p = await ownerWithProject();
    scripted.script([
      {
        toolCalls: [{ name: 'write_file', input: { path: 'index.html', content: '<h1>Hi</h1>' } }],
      },
      { text: 'Made a page for you.' },
    ]);
    const response = await p.client.post(
      '/api/ai/agent',
      { projectId: p.project.id, message: 'Make a page' },
      { headers: { accept: 'text/event-stream' } },
    );
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseEvents(response.body);
    const types = events.map((event) => event.type);
    expect(types.filter((type, index) => type !== types[index - 1])).toEqual([
      'start',
      'tool-call',
      'file-changed',
      'tool-result',
      'text',
      'done',
    ]);
    const streamed = events.map((event) => (event.type === 'text' ? event.delta : '')).join('');
    expect(streamed.trim()).toBe('Made a page for you.');
    expect(types.filter((type) => type === 'text').length).toBeGreaterThan(3);
    expect(events[1]).toMatchObject({ tool: 'write_file', summary: 'Writing index.html' });
    expect(events[2]).toMatchObject({ change: { path: 'index.html', action: 'created' } });
    const done = events.at(-1);
    expect(done?.type === 'done' && done.result.message).toBe('Made a page for you.');
  });

  it('runs a file in the sandbox and gives the model its output, error and exit code', async () => {
    const p = await ownerWithProject();
    await p.write('main.js', 'console.log("start"); throw new Error("broken on purpose");\n');
    scripted.script([
      { toolCalls: [{ name: 'run_file', input: { path: 'main.js' } }] },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'main.js', content: 'console.log("start"); console.log("fixed");\n' },
          },
        ],
      },
      { toolCalls: [{ name: 'run_file', input: { path: 'main.js' } }] },
      { text: 'Fixed it.' },
    ]);
    const body = (await p.ask('Make main.js work')).json<AgentResponse>();
    expect(body.message).toBe('Fixed it.');
    const afterFailure = promptText(scripted.calls[1]!);
    expect(afterFailure).toContain('Exit code: 1');
    expect(afterFailure).toContain('broken on purpose');
    expect(afterFailure).toContain('start');
    const afterFix = promptText(scripted.calls[3]!);
    expect(afterFix).toContain('Exit code: 0');
    expect(afterFix).toContain('fixed');
  });

  it('undoes a turn exactly; refuses when a file changed since, unless forced', async () => {
    const p = await ownerWithProject();
    await p.write('a.txt', 'A0');
    await p.write('b.txt', 'B0');
    scripted.script([
      {
        toolCalls: [
          { name: 'write_file', input: { path: 'a.txt', content: 'A1' } },
          { name: 'write_file', input: { path: 'new/c.txt', content: 'C1' } },
          { name: 'delete_path', input: { path: 'b.txt' } },
        ],
      },
      { text: 'Changed.' },
    ]);
    const first = (await p.ask('Change things')).json<AgentResponse>();
    const checkpoints = (await p.client.get(`/api/ai/checkpoints?projectId=${p.project.id}`)).json<{
      checkpoints: Checkpoint[];
    }>().checkpoints;
    expect(checkpoints).toHaveLength(1);
    expect(checkpoints[0]).toMatchObject({ id: first.checkpointId, message: 'Change things' });

    const restore = await p.client.post(`/api/ai/checkpoints/${first.checkpointId}/restore`, {});
    expect(restore.statusCode).toBe(200);
    expect(await p.read('a.txt')).toBe('A0');
    expect(await p.read('b.txt')).toBe('B0');
    expect(await p.read('new/c.txt')).toBeNull();
    const conversation = (
      await p.client.get(`/api/ai/conversation?projectId=${p.project.id}`)
    ).json<ConversationResponse>();
    expect(conversation.messages[1]?.undone).toBe(true);
    expectError(
      await p.client.post(`/api/ai/checkpoints/${first.checkpointId}/restore`, {}),
      409,
      'CONFLICT',
    );

    // A second turn, then a change by hand: undoing the turn names the file and waits.
    scripted.script([
      { toolCalls: [{ name: 'write_file', input: { path: 'a.txt', content: 'A2' } }] },
      { text: 'Again.' },
    ]);
    const second = (await p.ask('Change a again')).json<AgentResponse>();
    const list = (await p.client.get(`/api/files/${p.project.id}`)).json<ProjectFileEntry[]>();
    const a = list.find((file) => file.path === 'a.txt')!;
    await p.client.patch(`/api/files/${a.id}`, { content: 'by hand' });
    const refused = await p.client.post(`/api/ai/checkpoints/${second.checkpointId}/restore`, {});
    expectError(refused, 409, 'CONFLICT');
    expect(refused.json<{ error: string }>().error).toContain('a.txt');
    expect(await p.read('a.txt')).toBe('by hand');
    const forced = await p.client.post(`/api/ai/checkpoints/${second.checkpointId}/restore`, {
      force: true,
    });
    expect(forced.statusCode).toBe(200);
    expect(await p.read('a.txt')).toBe('A0');
  });

  it('stops at the step cap, and stops a call repeated without progress', async () => {
    const p = await ownerWithProject();
    await p.write('x.txt', 'x');
    scripted.script(
      Array.from({ length: 10 }, (_, index) => ({
        toolCalls: [{ name: 'search_files', input: { query: `word${index}` } }],
      })),
    );
    const capped = (await p.ask('Search forever')).json<AgentResponse>();
    expect(scripted.calls).toHaveLength(6);
    expect(capped.stopReason).toMatch(/stopped the agent after 6 steps/);

    scripted.script(
      Array.from({ length: 10 }, () => ({
        toolCalls: [{ name: 'read_file', input: { path: 'x.txt' } }],
      })),
    );
    const repeated = (await p.ask('Read in circles')).json<AgentResponse>();
    expect(scripted.calls).toHaveLength(3);
    expect(promptText(scripted.calls[2]!)).toContain('You already called read_file');
    expect(repeated.stopReason).toMatch(/called read_file with the same arguments again/);
  });

  it('turns provider failures into clear errors', async () => {
    const p = await ownerWithProject();
    const apiError = (statusCode: number, responseBody: string) =>
      new APICallError({
        message: 'failed',
        url: 'https://api.anthropic.com/v1/messages',
        requestBodyValues: {},
        statusCode,
        responseBody,
        isRetryable: false,
      });
    scripted.script([{ error: apiError(401, '{"error":{"message":"invalid x-api-key"}}') }]);
    const refused = await p.ask('Hello');
    expectError(refused, 502, 'AI_PROVIDER_ERROR');
    expect(refused.json<{ error: string }>().error).toMatch(/refused Kiln's API key/);

    scripted.script([{ error: apiError(429, '{"error":{"message":"rate limited"}}') }]);
    const limited = await p.ask('Hello');
    expectError(limited, 503, 'AI_PROVIDER_BUSY');
    expect(limited.json<{ error: string }>().error).toMatch(/rate limiting/);

    scripted.script([
      { error: apiError(400, '{"error":{"message":"prompt is too long: 250000 tokens"}}') },
    ]);
    expectError(await p.ask('Hello'), 413, 'AI_CONTEXT_TOO_LONG');

    scripted.script([{ hang: true }]);
    const silent = await p.ask('Hello');
    expectError(silent, 504, 'AI_TIMEOUT');
    expect(silent.json<{ error: string }>().error).toMatch(/nothing arrived for 1 seconds/);
  });

  it('checks attachments: 10 MB at most, and only the allowed types', async () => {
    const p = await ownerWithProject();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 97).toString('base64');
    const tooBig = await p.ask('Look', {
      attachments: [
        {
          type: 'document',
          name: 'big.txt',
          data: `data:text/plain;base64,${big}`,
          mimeType: 'text/plain',
        },
      ],
    });
    expectError(tooBig, 413, 'PAYLOAD_TOO_LARGE');
    expect(tooBig.json<{ error: string }>().error).toBe('big.txt exceeds 10MB limit');
    const wrongType = await p.ask('Look', {
      attachments: [
        {
          type: 'document',
          name: 'tool.exe',
          data: 'data:application/x-msdownload;base64,TVo=',
          mimeType: 'application/x-msdownload',
        },
      ],
    });
    expectError(wrongType, 400, 'VALIDATION_FAILED');
    expect(wrongType.json<{ error: string }>().error).toBe('tool.exe is not a supported file type');
    expect(scripted.calls).toHaveLength(0);

    scripted.script([{ text: 'I read it.' }]);
    const notes = Buffer.from('# Notes\nThe secret word is marmalade.').toString('base64');
    const image = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
    await p.ask('Use these', {
      attachments: [
        {
          type: 'document',
          name: 'notes.md',
          data: `data:text/markdown;base64,${notes}`,
          mimeType: 'text/markdown',
        },
        {
          type: 'image',
          name: 'shot.png',
          data: `data:image/png;base64,${image}`,
          mimeType: 'image/png',
        },
      ],
    });
    expect(promptText(scripted.calls[0]!)).toContain('marmalade');
    const last = scripted.calls[0]!.prompt.at(-1)!;
    expect(JSON.stringify(last)).toContain('"mediaType":"image/png"');
  });

  it('reads a PDF attachment as its text', async () => {
    const p = await ownerWithProject();
    scripted.script([{ text: 'Noted.' }]);
    const pdf = pdfWithText('The launch date is June 3').toString('base64');
    const response = await p.ask('When do we launch?', {
      attachments: [
        {
          type: 'document',
          name: 'plan.pdf',
          data: `data:application/pdf;base64,${pdf}`,
          mimeType: 'application/pdf',
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(promptText(scripted.calls[0]!)).toContain('The launch date is June 3');
    const stored = (
      await p.client.get(`/api/ai/conversation?projectId=${p.project.id}`)
    ).json<ConversationResponse>();
    // Kept by name and kind, not its bytes.
    expect(stored.messages[0]?.attachments).toEqual([
      { type: 'document', name: 'plan.pdf', mimeType: 'application/pdf' },
    ]);
  });

  it('stops a turn that spends its token budget', async () => {
    const p = await ownerWithProject();
    scripted.script(
      Array.from({ length: 5 }, (_, index) => ({
        toolCalls: [{ name: 'search_files', input: { query: `q${index}` } }],
        usage: { input: 150_000, output: 1_000 },
      })),
    );
    const body = (await p.ask('Spend')).json<AgentResponse>();
    expect(scripted.calls).toHaveLength(3);
    expect(body.stopReason).toMatch(/used its budget of 400,000 tokens/);
    expect(body.usage).toEqual({ inputTokens: 450_000, outputTokens: 3_000 });
  });

  it('records usage and enforces the monthly allowance of the plan', async () => {
    const p = await ownerWithProject();
    scripted.script([{ text: 'Hi.', usage: { input: 1200, output: 300 } }]);
    await p.ask('Hello');
    const usage = (await p.client.get('/api/ai/usage')).json<{
      tokensUsed: number;
      tokenAllowance: number;
      requests: number;
      plan: string;
    }>();
    expect(usage).toMatchObject({
      tokensUsed: 1500,
      tokenAllowance: 500_000,
      requests: 1,
      plan: 'free',
    });
    await t.database.db.insert(aiUsage).values({
      userId: p.user.id,
      kind: 'agent',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      inputTokens: 498_500,
      outputTokens: 0,
    });
    scripted.script([{ text: 'Hi again.' }]);
    const spent = await p.ask('Hello again');
    expectError(spent, 403, 'PLAN_LIMIT');
    expect(spent.json<{ error: string }>().error).toMatch(/500,000 AI tokens of the Free plan/);
    expect(scripted.calls).toHaveLength(0);
  });

  it('keeps the conversation for a reload and clears it', async () => {
    const p = await ownerWithProject();
    scripted.script([{ text: 'First answer.' }]);
    await p.ask('First question');
    scripted.script([{ text: 'Second answer.' }]);
    await p.ask('Second question');
    // The second turn saw the first.
    expect(promptText(scripted.calls[0]!)).toContain('First answer.');
    const url = `/api/ai/conversation?projectId=${p.project.id}`;
    expect((await p.client.get(url)).json<ConversationResponse>().messages).toHaveLength(4);
    // A long conversation shows its newest messages, oldest first.
    await t.database.db.insert(aiMessages).values(
      Array.from({ length: 600 }, (_, index) => ({
        projectId: p.project.id,
        userId: p.user.id,
        role: 'user' as const,
        content: `old ${index}`,
        createdAt: new Date(Date.now() - 86_400_000 + index),
      })),
    );
    scripted.script([{ text: 'Newest answer.' }]);
    await p.ask('Newest question');
    const long = (await p.client.get(url)).json<ConversationResponse>().messages;
    expect(long).toHaveLength(500);
    expect(long.at(-1)?.content).toBe('Newest answer.');
    expect(long.at(-2)?.content).toBe('Newest question');
    expect((await p.client.delete(url)).statusCode).toBe(204);
    expect((await p.client.get(url)).json<ConversationResponse>().messages).toHaveLength(0);
  });

  it('answers the planning chat', async () => {
    const p = await ownerWithProject();
    scripted.script([{ text: 'A habit tracker needs a list of habits and a streak counter.' }]);
    const response = await p.client.post('/api/ai/chat', {
      messages: [{ role: 'user', content: 'A habit tracker' }],
      provider: 'anthropic',
      files: [{ name: 'brief.txt', type: 'text/plain', content: 'Use green for streaks' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'A habit tracker needs a list of habits and a streak counter.',
    });
    expect(promptText(scripted.calls[0]!)).toContain('A habit tracker');
    expect(JSON.stringify(scripted.calls[0]!.prompt)).toContain('Use green for streaks');
  });

  it('refuses signed-out callers (401) and other users (404) on every endpoint', async () => {
    const p = await ownerWithProject();
    scripted.script([
      { toolCalls: [{ name: 'write_file', input: { path: 'a.txt', content: '1' } }] },
      { text: 'ok' },
    ]);
    const { checkpointId } = (await p.ask('Write')).json<AgentResponse>();
    const stranger = await signUp(t.app);
    const anonymous = new TestClient(t.app);
    const projectQuery = `projectId=${p.project.id}`;
    const calls = [
      ['POST', '/api/ai/agent', { projectId: p.project.id, message: 'hi' }],
      ['GET', `/api/ai/conversation?${projectQuery}`, undefined],
      ['DELETE', `/api/ai/conversation?${projectQuery}`, undefined],
      ['GET', `/api/ai/checkpoints?${projectQuery}`, undefined],
      ['POST', `/api/ai/checkpoints/${checkpointId}/restore`, {}],
    ] as const;
    for (const [method, url, body] of calls) {
      expectError(await anonymous.request(method, url, { body }), 401, 'UNAUTHENTICATED');
      expectError(await stranger.client.request(method, url, { body }), 404, 'NOT_FOUND');
    }
    for (const url of ['/api/ai/status', '/api/ai/usage']) {
      expectError(await anonymous.get(url), 401, 'UNAUTHENTICATED');
    }
    expectError(
      await anonymous.post('/api/ai/chat', { messages: [{ role: 'user', content: 'x' }] }),
      401,
      'UNAUTHENTICATED',
    );
    // Nothing of the owner's changed.
    expect(await p.read('a.txt')).toBe('1');
  });

  it('aborts the model request when the caller goes away', async () => {
    // A real connection, so the caller can really go away.
    const served = await createTestApp({}, { aiProviders: scriptedProviders(scripted.model) });
    const address = await served.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await signUp(served.app);
    const project = (await owner.client.post('/api/projects', { name: 'Abort' })).json<Project>();
    const p = { ...owner, project };
    scripted.script([{ hang: true }]);
    const controller = new AbortController();
    const cookie = [...p.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const pending = fetch(`${address}/api/ai/agent`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        cookie,
        'x-csrf-token': p.client.cookies.get('csrf_token') ?? '',
      },
      body: JSON.stringify({ projectId: p.project.id, message: 'Take your time' }),
      signal: controller.signal,
    }).catch(() => null);
    await expect.poll(() => scripted.calls.length).toBe(1);
    controller.abort();
    await pending;
    await expect.poll(() => scripted.calls[0]?.abortSignal?.aborted).toBe(true);
    // The turn ended: what it did is kept, marked stopped.
    const conversation = async () =>
      (
        await p.client.get(`/api/ai/conversation?projectId=${p.project.id}`)
      ).json<ConversationResponse>().messages;
    await expect.poll(async () => (await conversation()).at(-1)?.content).toBe('Stopped.');
    // The aborted fetch leaves its socket in undici's keep-alive pool, which close would wait for.
    served.app.server.closeAllConnections();
    await served.close();
  });

  it('limits AI requests per user per minute', async () => {
    const limited = await createTestApp(
      { AI_RATE_LIMIT_PER_MINUTE: '2' },
      { aiProviders: scriptedProviders(scripted.model) },
    );
    try {
      const first = await signUp(limited.app);
      const second = await signUp(limited.app);
      const project = (await first.client.post('/api/projects', { name: 'R' })).json<Project>();
      const ask = (client: TestClient) =>
        client.post('/api/ai/agent', { projectId: project.id, message: 'hi' });
      expect((await ask(first.client)).statusCode).toBe(200);
      expect((await ask(first.client)).statusCode).toBe(200);
      expectError(await ask(first.client), 429, 'RATE_LIMITED');
      // Someone else has a budget of their own (their request is refused for the project only).
      expectError(await ask(second.client), 404, 'NOT_FOUND');
    } finally {
      await limited.close();
    }
  });

  it('ends the turns under way when the server closes, recording what they did', async () => {
    const closing = await createTestApp({}, { aiProviders: scriptedProviders(scripted.model) });
    const owner = await signUp(closing.app);
    const project = (await owner.client.post('/api/projects', { name: 'C' })).json<Project>();
    scripted.script([
      { toolCalls: [{ name: 'write_file', input: { path: 'a.txt', content: 'written' } }] },
      { hang: true },
    ]);
    const pending = owner.client.post('/api/ai/agent', { projectId: project.id, message: 'go' });
    await expect.poll(() => scripted.calls.length).toBe(2);
    const [checkpoints] = await Promise.all([
      pending.then(() => closing.database.db.select().from(aiCheckpoints)),
      closing.app.close(),
    ]);
    expect(checkpoints).toHaveLength(1);
    await closing.close();
  });
});
