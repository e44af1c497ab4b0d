import type {
  AgentHistory,
  AgentStatus,
  ApplyProposalResponse,
  Project,
  ProjectFile,
  ReviewResponse,
  StaleSaveResponse,
  TestResponse,
} from '@kiln/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providersFrom } from '../ai';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { promptText, scriptedModel, scriptedProviders } from '../../test/scripted-model';

const scripted = scriptedModel();
const json = (value: unknown) => ({ text: JSON.stringify(value) });
const CODE = 'function add(a, b) {\n  return a + b;\n}\n';

describe('review, generated tests and quick actions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { AI_IDLE_TIMEOUT_SECONDS: '1' },
      { aiProviders: scriptedProviders(scripted.model) },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => scripted.script([]));

  async function ownerWithFile() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `P${Date.now()}${Math.random()}` })
    ).json<Project>();
    const file = (
      await owner.client.post('/api/files', {
        projectId: project.id,
        path: 'math.js',
        content: CODE,
      })
    ).json<ProjectFile>();
    const read = async () =>
      (await owner.client.get(`/api/files/${project.id}/content?path=math.js`)).json<{
        content: string;
        version: number;
      }>();
    return { ...owner, project, file, read };
  }

  it('reviews the files it is sent, and refuses without files', async () => {
    const p = await ownerWithFile();
    scripted.script([
      json({
        findings: [
          {
            file: 'math.js',
            line: 2,
            severity: 'info',
            category: 'style',
            message: 'Could be an arrow function',
            suggestion: 'const add = (a, b) => a + b;',
          },
        ],
      }),
    ]);
    const response = await p.client.post('/api/agent/review', {
      projectId: p.project.id,
      files: [{ path: 'math.js', content: CODE }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReviewResponse>().review).toEqual([
      {
        file: 'math.js',
        line: 2,
        severity: 'info',
        category: 'style',
        message: 'Could be an arrow function',
        suggestion: 'const add = (a, b) => a + b;',
      },
    ]);
    expect(promptText(scripted.calls[0]!)).toContain('   2 |   return a + b;');

    const none = await p.client.post('/api/agent/review', { projectId: p.project.id, files: [] });
    expect(expectError(none, 400, 'VALIDATION_FAILED')).toBe(
      'No files to review: open some files first',
    );
    expect(scripted.calls).toHaveLength(1);
  });

  it('generates test cases for the files it is sent, and refuses without files', async () => {
    const p = await ownerWithFile();
    scripted.script([
      json({
        description: 'Checks add.',
        testCases: [{ name: 'adds', type: 'unit', steps: ['add(1, 2)'], expectedResult: '3' }],
      }),
    ]);
    const response = await p.client.post('/api/agent/test', {
      projectId: p.project.id,
      userRequest: 'The add function',
      files: [{ path: 'math.js', content: CODE }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TestResponse>().tests).toEqual([
      {
        description: 'Checks add.',
        testCases: [{ name: 'adds', type: 'unit', steps: ['add(1, 2)'], expectedResult: '3' }],
        files: [],
        runs: [],
      },
    ]);
    const none = await p.client.post('/api/agent/test', {
      projectId: p.project.id,
      userRequest: 'x',
      files: [{ path: 'empty.js', content: '  ' }],
    });
    expect(expectError(none, 400, 'VALIDATION_FAILED')).toBe(
      'No files to test: open some files first',
    );
  });

  it('fails a review whose answers are malformed twice, with a history entry', async () => {
    const p = await ownerWithFile();
    scripted.script([{ text: 'Looks good to me!' }, { text: '{"findings": [{"file": "x"}]}' }]);
    const response = await p.client.post('/api/agent/review', {
      projectId: p.project.id,
      files: [{ path: 'math.js', content: CODE }],
    });
    expect(expectError(response, 502, 'AI_INVALID_ANSWER')).toContain(
      'The reviewer answered twice',
    );
    const history = (await p.client.get('/api/agent/history')).json<AgentHistory>().history;
    expect(history[0]).toMatchObject({
      agent: 'Reviewer',
      success: false,
      projectId: p.project.id,
    });
  });

  it.each([
    ['improve', 'modifiedCode'],
    ['optimize', 'optimizedCode'],
    ['refactor', 'refactoredCode'],
    ['document', 'documentedCode'],
  ])('answers %s with the proposal in %s', async (action, field) => {
    const p = await ownerWithFile();
    const proposed = 'const add = (a, b) => a + b;\n';
    scripted.script([{ text: `Shorter.\n\n\`\`\`js\n${proposed}\`\`\`` }]);
    const response = await p.client.post(`/api/agent/${action}`, {
      code: CODE,
      fileName: 'math.js',
      projectId: p.project.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ success: true, code: proposed, explanation: 'Shorter.' });
    expect(body[field]).toBe(proposed);
    expect(promptText(scripted.calls[0]!)).toContain('The code is from math.js.');
    // Nothing is written until the person applies it.
    expect((await p.read()).content).toBe(CODE);
  });

  it('takes a quick action without a project, as callers that send only code do', async () => {
    const owner = await signUp(t.app);
    scripted.script([{ text: 'No code block here.' }, { text: '```\n/** Adds. */\nlet x;\n```' }]);
    const response = await owner.client.post('/api/agent/document', { code: 'let x;' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ documentedCode: string }>().documentedCode).toBe('/** Adds. */\nlet x;');
    expect(promptText(scripted.calls[1]!)).toContain('That answer had no code block');
    const blank = await owner.client.post('/api/agent/improve', { code: '   ' });
    expect(expectError(blank, 400, 'VALIDATION_FAILED')).toContain('There is no code to work on');
  });

  it('applies a proposal through the version with a checkpoint, refuses a stale one, and undoes', async () => {
    const p = await ownerWithFile();
    const proposed = 'const add = (a, b) => a + b;\n';
    const apply = (baseVersion: number, content = proposed) =>
      p.client.post('/api/agent/apply', {
        projectId: p.project.id,
        path: 'math.js',
        content,
        baseVersion,
        action: 'refactor',
      });
    const before = await p.read();
    expect(expectError(await apply(before.version, CODE), 400, 'VALIDATION_FAILED')).toContain(
      'nothing to apply',
    );
    const applied = await apply(before.version);
    expect(applied.statusCode, applied.body).toBe(200);
    const { file, checkpointId } = applied.json<ApplyProposalResponse>();
    expect(file.content).toBe(proposed);
    expect(file.version).toBe(before.version + 1);

    // The editor still holds the old version: nothing is overwritten.
    const stale = await apply(before.version, 'let overwritten = true;\n');
    expect(stale.statusCode).toBe(409);
    expect(stale.json<StaleSaveResponse>().current.content).toBe(proposed);
    expect((await p.read()).content).toBe(proposed);

    const undo = await p.client.post(`/api/ai/checkpoints/${checkpointId}/restore`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await p.read()).content).toBe(CODE);
  });

  it('shows a role as active while it works, then records the failure', async () => {
    const p = await ownerWithFile();
    scripted.script([{ hang: true }]);
    const pending = p.client.post('/api/agent/review', {
      projectId: p.project.id,
      files: [{ path: 'math.js', content: CODE }],
    });
    await expect
      .poll(async () => {
        const status = (await p.client.get('/api/agent/status')).json<AgentStatus>();
        return status.agents.find((agent) => agent.role === 'review')?.isActive;
      })
      .toBe(true);
    // Another person's status is their own.
    const other = await signUp(t.app);
    const theirs = (await other.client.get('/api/agent/status')).json<AgentStatus>();
    expect(theirs.agents.every((agent) => !agent.isActive)).toBe(true);

    expectError(await pending, 504, 'AI_TIMEOUT');
    const status = (await p.client.get('/api/agent/status')).json<AgentStatus>();
    expect(status.agents.every((agent) => !agent.isActive)).toBe(true);
    const history = (await p.client.get('/api/agent/history')).json<AgentHistory>().history;
    expect(history[0]).toMatchObject({ agent: 'Reviewer', success: false });
    expect(history[0]!.executionTime).toBeGreaterThanOrEqual(900);
  });

  it('answers 401 signed out and 404 for another person on every call', async () => {
    const p = await ownerWithFile();
    const stranger = await signUp(t.app);
    const anonymous = new TestClient(t.app);
    const calls: [string, Record<string, unknown>][] = [
      ['/api/agent/review', { projectId: p.project.id, files: [{ path: 'a.js', content: 'a' }] }],
      ['/api/agent/test', { projectId: p.project.id, files: [{ path: 'a.js', content: 'a' }] }],
      ['/api/agent/improve', { projectId: p.project.id, code: 'a' }],
      ['/api/agent/optimize', { projectId: p.project.id, code: 'a' }],
      ['/api/agent/refactor', { projectId: p.project.id, code: 'a' }],
      ['/api/agent/document', { projectId: p.project.id, code: 'a' }],
      [
        '/api/agent/apply',
        {
          projectId: p.project.id,
          path: 'math.js',
          content: 'x',
          baseVersion: 1,
          action: 'improve',
        },
      ],
    ];
    for (const [url, body] of calls) {
      expectError(await anonymous.post(url, body), 401, 'UNAUTHENTICATED');
      expectError(await stranger.client.post(url, body), 404, 'NOT_FOUND');
    }
    expect(scripted.calls).toHaveLength(0);
    expect((await p.read()).content).toBe(CODE);
  });
});

describe('the agents without an AI provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { aiProviders: providersFrom([]) });
  });
  afterAll(() => t.close());

  it('answers 503 AI_NOT_CONFIGURED on every model call, and status without models', async () => {
    const owner = await signUp(t.app);
    const project = (await owner.client.post('/api/projects', { name: 'No AI' })).json<Project>();
    const files = [{ path: 'a.js', content: 'let a;' }];
    for (const [url, body] of [
      ['/api/agent/orchestrate', { projectId: project.id, userRequest: 'Build' }],
      ['/api/agent/review', { projectId: project.id, files }],
      ['/api/agent/test', { projectId: project.id, files }],
      ['/api/agent/improve', { code: 'let a;' }],
    ] as const) {
      expectError(await owner.client.post(url, body), 503, 'AI_NOT_CONFIGURED');
    }
    const status = (await owner.client.get('/api/agent/status')).json<AgentStatus>();
    expect(status.agents.map((agent) => agent.model)).toEqual([null, null, null, null, null]);
  });
});
