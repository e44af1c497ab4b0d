import type { Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';

describe('AI endpoints without a configured provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('POST /api/ai/chat answers 503 AI_NOT_CONFIGURED with a readable message', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/ai/chat', {
      messages: [{ role: 'user', content: 'A habit tracker' }],
      provider: 'anthropic',
    });
    expectError(response, 503, 'AI_NOT_CONFIGURED');
    expect(response.json<{ error: string }>().error).toMatch(/No AI provider is configured/);
    expect(response.json<{ error: string }>().error).toMatch(/ANTHROPIC_API_KEY.*OPENAI_BASE_URL/);
  });

  it('GET /api/ai/status says so before anyone types, naming the settings', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/ai/status')).json()).toEqual({
      configured: false,
      defaultProvider: null,
      providers: [],
      message: expect.stringMatching(/ANTHROPIC_API_KEY/),
    });
  });

  it('POST /api/ai/agent answers 503 for the owner, 404 for anyone else, and stores nothing', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const project = (await owner.client.post('/api/projects', { name: 'Agent' })).json<Project>();
    const body = { projectId: project.id, message: 'Add a button' };
    expectError(await owner.client.post('/api/ai/agent', body), 503, 'AI_NOT_CONFIGURED');
    expectError(await stranger.client.post('/api/ai/agent', body), 404, 'NOT_FOUND');
    const conversation = await owner.client.get(`/api/ai/conversation?projectId=${project.id}`);
    expect(conversation.json()).toEqual({ messages: [] });
  });

  it('validates the chat body first, and refuses signed-out callers', async () => {
    const { client } = await signUp(t.app);
    expectError(await client.post('/api/ai/chat', { messages: [] }), 400, 'VALIDATION_FAILED');
    expectError(
      await new TestClient(t.app).post('/api/ai/chat', {
        messages: [{ role: 'user', content: 'x' }],
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('POST /api/ai/generate-project answers 503 for the owner and 404 for anyone else', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const project = (await owner.client.post('/api/projects', { name: 'Gen' })).json<Project>();
    const body = {
      projectId: project.id,
      name: 'Gen',
      description: 'A game',
      language: 'javascript',
    };
    expectError(
      await owner.client.post('/api/ai/generate-project', body),
      503,
      'AI_NOT_CONFIGURED',
    );
    expectError(await stranger.client.post('/api/ai/generate-project', body), 404, 'NOT_FOUND');
    expectError(
      await new TestClient(t.app).post('/api/ai/generate-project', body),
      401,
      'UNAUTHENTICATED',
    );
  });
});
