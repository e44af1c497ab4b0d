import type { AgentStreamEvent, Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { signUp } from '../../test/factories';
import { startModelStandIn, type ModelStandIn } from '../../test/model-stand-in';

/**
 * Kiln against a real HTTP server speaking the Chat Completions wire format (what Ollama,
 * llama.cpp and vLLM serve), streamed, with tool calls: the path a local model takes.
 */
describe('an OpenAI-compatible model server at OPENAI_BASE_URL', () => {
  let standIn: ModelStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startModelStandIn();
    t = await createTestApp({
      OPENAI_BASE_URL: `${standIn.url}/v1`,
      OPENAI_MODEL: 'qwen2.5-coder',
      AI_IDLE_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  async function projectWithPage() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `Site ${Math.random()}` })
    ).json<Project>();
    await owner.client.post('/api/files', {
      projectId: project.id,
      path: 'index.html',
      content: '<h1>Hello</h1>\n',
    });
    return { ...owner, project };
  }

  it('is the configured provider, by its model name', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/ai/status')).json()).toMatchObject({
      configured: true,
      defaultProvider: 'openai',
      providers: [{ id: 'openai', model: 'qwen2.5-coder', label: 'qwen2.5-coder' }],
    });
  });

  it('streams a turn whose tool calls change the project', async () => {
    standIn.scenario('rename-heading', [
      {
        text: 'Reading it.',
        toolCalls: [{ name: 'read_file', arguments: { path: 'index.html' } }],
      },
      {
        toolCalls: [
          {
            name: 'edit_file',
            arguments: { path: 'index.html', search: 'Hello', replace: 'Hello from a local model' },
          },
        ],
      },
      { text: 'The heading now greets from a local model.' },
    ]);
    const p = await projectWithPage();
    const response = await p.client.post(
      '/api/ai/agent',
      // A client that always names the first family; this server has only the other.
      {
        projectId: p.project.id,
        message: '[scenario:rename-heading] Change the heading',
        provider: 'anthropic',
      },
      { headers: { accept: 'text/event-stream' } },
    );
    const events = response.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => JSON.parse(chunk.slice(6)) as AgentStreamEvent);
    expect(events[0]).toEqual({ type: 'start', model: 'qwen2.5-coder' });
    expect(events.filter((event) => event.type === 'tool-call').map((e) => e.summary)).toEqual([
      'Reading index.html',
      'Editing index.html',
    ]);
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    if (done?.type !== 'done') return;
    expect(done.result.message).toContain('The heading now greets from a local model.');
    expect(done.result.filesModified).toEqual([{ path: 'index.html', action: 'modified' }]);
    expect(done.result.usage.outputTokens).toBeGreaterThan(0);

    const page = await p.client.get(`/api/files/${p.project.id}/content?path=index.html`);
    expect(page.json<{ content: string }>().content).toBe('<h1>Hello from a local model</h1>\n');

    // What went over the wire: Kiln's tools, streamed, and the tool result fed back.
    const requests = standIn.chatRequests.filter((r) => r.scenario === 'rename-heading');
    expect(requests).toHaveLength(3);
    expect(requests[0]?.body?.stream).toBe(true);
    expect(JSON.stringify(requests[0]?.body?.tools)).toContain('"name":"edit_file"');
    expect(JSON.stringify(requests[1]?.body?.messages)).toContain('<h1>Hello</h1>');
  });

  it('says clearly when the server refuses the key or goes silent', async () => {
    standIn.scenario('bad-key', [{ fail: 'invalid-key' }]);
    standIn.scenario('silent', [{ hang: true }]);
    const p = await projectWithPage();
    const refused = await p.client.post('/api/ai/agent', {
      projectId: p.project.id,
      message: '[scenario:bad-key] hi',
    });
    expectError(refused, 502, 'AI_PROVIDER_ERROR');
    expect(refused.json<{ error: string }>().error).toMatch(/refused Kiln's API key/);
    // A fresh conversation: the stand-in counts the turns of the one it is given.
    const fresh = await projectWithPage();
    const silent = await fresh.client.post('/api/ai/agent', {
      projectId: fresh.project.id,
      message: '[scenario:silent] hi',
    });
    expectError(silent, 504, 'AI_TIMEOUT');
    await standIn.waitForAbort();
  });
});
