import { APICallError } from 'ai';
import type { GenerationStatus, Project, ProjectFileEntry } from '@kiln/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { promptText, scriptedModel, scriptedProviders } from '../../test/scripted-model';

const scripted = scriptedModel();

describe('project generation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { aiProviders: scriptedProviders(scripted.model) });
  });
  afterAll(() => t.close());
  beforeEach(() => scripted.script([]));

  async function newProject() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `Gen ${Math.random()}` })
    ).json<Project>();
    const body = {
      projectId: project.id,
      name: project.name,
      description: 'A counter with a button',
      language: 'javascript',
    };
    return { ...owner, project, body };
  }

  it('builds the project from its description, which the editor can follow while it runs', async () => {
    const p = await newProject();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    scripted.script([
      { toolCalls: [{ name: 'write_file', input: { path: 'index.html', content: '<h1>0</h1>' } }] },
      {
        toolCalls: [{ name: 'write_file', input: { path: 'counter.js', content: 'let n = 0;' } }],
      },
      { text: 'Built a counter.' },
    ]);
    const originalStream = scripted.model.doStream.bind(scripted.model);
    // The model takes its time on the second step, so the editor can watch.
    scripted.model.doStream = async (options) => {
      if (scripted.calls.length === 1) await held;
      return originalStream(options);
    };
    try {
      const pending = p.client.post('/api/ai/generate-project', p.body);
      await expect.poll(() => scripted.calls.length).toBe(1);
      // Progress is saved as it happens, a moment after the model moves on: the editor polls.
      await expect
        .poll(async () =>
          (await p.client.get(`/api/ai/generation/${p.project.id}`)).json<GenerationStatus>(),
        )
        .toMatchObject({
          status: 'running',
          actionLog: ['Writing index.html'],
          filesModified: [{ path: 'index.html', action: 'created' }],
        });
      release();
      const done = await pending;
      expect(done.statusCode).toBe(200);
      expect(done.json<GenerationStatus>()).toMatchObject({
        status: 'completed',
        message: 'Built a counter.',
        filesModified: [
          { path: 'index.html', action: 'created' },
          { path: 'counter.js', action: 'created' },
        ],
      });
    } finally {
      scripted.model.doStream = originalStream;
    }
    expect(promptText(scripted.calls[0]!)).toContain('A counter with a button');
    const files = (await p.client.get(`/api/files/${p.project.id}`)).json<ProjectFileEntry[]>();
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['counter.js', 'index.html']),
    );
    expect(
      (await p.client.get(`/api/ai/generation/${p.project.id}`)).json<GenerationStatus>().status,
    ).toBe('completed');
    // The editor's chat shows what was built, with its Undo.
    const conversation = await p.client.get(`/api/ai/conversation?projectId=${p.project.id}`);
    expect(
      conversation.json<{ messages: { checkpointId: string | null }[] }>().messages[1]
        ?.checkpointId,
    ).toEqual(expect.any(String));
  });

  it('joins the generation under way instead of starting a second one', async () => {
    const p = await newProject();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    scripted.script([
      { toolCalls: [{ name: 'write_file', input: { path: 'a.txt', content: 'a' } }] },
      { text: 'Built.' },
    ]);
    const originalStream = scripted.model.doStream.bind(scripted.model);
    scripted.model.doStream = async (options) => {
      await held;
      return originalStream(options);
    };
    try {
      const first = p.client.post('/api/ai/generate-project', p.body);
      await expect
        .poll(async () => {
          const status = await p.client.get(`/api/ai/generation/${p.project.id}`);
          return status.statusCode === 200 && status.json<GenerationStatus>().status;
        })
        .toBe('running');
      const second = p.client.post('/api/ai/generate-project', p.body);
      // Time for the second request to reach the generation under way (nothing to observe).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      release();
      const [firstAnswer, secondAnswer] = await Promise.all([first, second]);
      expect(secondAnswer.json()).toEqual(firstAnswer.json());
      expect(firstAnswer.json<GenerationStatus>().message).toBe('Built.');
      expect(scripted.calls).toHaveLength(2);
    } finally {
      scripted.model.doStream = originalStream;
    }
  });

  it('fails with a clear error and keeps the project', async () => {
    const p = await newProject();
    scripted.script([
      {
        error: new APICallError({
          message: 'overloaded',
          url: 'https://api.anthropic.com/v1/messages',
          requestBodyValues: {},
          statusCode: 529,
          isRetryable: false,
        }),
      },
    ]);
    expectError(await p.client.post('/api/ai/generate-project', p.body), 503, 'AI_PROVIDER_BUSY');
    expect(
      (await p.client.get(`/api/ai/generation/${p.project.id}`)).json<GenerationStatus>(),
    ).toMatchObject({ status: 'failed', message: expect.stringMatching(/having trouble/) });
    expect((await p.client.get(`/api/projects/${p.project.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a project not being generated, another user or none, and 401 signed out', async () => {
    const p = await newProject();
    expectError(await p.client.get(`/api/ai/generation/${p.project.id}`), 404, 'NOT_FOUND');
    const stranger = await signUp(t.app);
    expectError(await stranger.client.post('/api/ai/generate-project', p.body), 404, 'NOT_FOUND');
    expectError(await stranger.client.get(`/api/ai/generation/${p.project.id}`), 404, 'NOT_FOUND');
    const anonymous = new TestClient(t.app);
    expectError(await anonymous.post('/api/ai/generate-project', p.body), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.get(`/api/ai/generation/${p.project.id}`), 401, 'UNAUTHENTICATED');
    expect(scripted.calls).toHaveLength(0);
  });
});
