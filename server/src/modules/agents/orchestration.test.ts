import type {
  AgentHistory,
  AgentStatus,
  OrchestrationEvent,
  OrchestrationResult,
  Project,
} from '@kiln/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { agentOrchestrations } from './tables';
import { providersFrom } from '../ai';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { signUp } from '../../test/factories';
import { promptText, scriptedModel } from '../../test/scripted-model';

const main = scriptedModel();
/** A second model, set for the reviewer only (AGENT_REVIEW_MODEL). */
const fast = scriptedModel();

const json = (value: unknown) => ({ text: JSON.stringify(value) });
const PLAN = {
  overview: 'A math module with an add function, tested.',
  features: ['add two numbers'],
  techStack: ['JavaScript'],
  steps: [{ step: 1, description: 'Write math.js exporting add(a, b)' }],
};
const NO_FINDINGS = { findings: [] };
const MATH_TEST = {
  description: 'Checks add.',
  testCases: [{ name: 'adds', type: 'unit', steps: ['add(2, 3)'], expectedResult: '5' }],
  files: [
    {
      path: 'tests/math.test.js',
      content:
        "const assert = require('node:assert');\nconst { add } = require('../math.js');\nassert.strictEqual(add(2, 3), 5);\nconsole.log('add works');\n",
    },
  ],
};

function parseEvents(body: string): OrchestrationEvent[] {
  return body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as OrchestrationEvent);
}

describe('the multi-agent orchestration', needs('bwrap'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        SANDBOX: 'bubblewrap',
        AGENT_REVIEW_MODEL: 'anthropic:claude-haiku-4-5',
        AI_IDLE_TIMEOUT_SECONDS: '2',
      },
      {
        aiProviders: providersFrom([
          {
            provider: 'anthropic',
            modelId: 'claude-sonnet-4-5',
            label: 'Claude Sonnet 4.5',
            model: main.model,
            acceptsImages: true,
          },
          {
            provider: 'anthropic',
            modelId: 'claude-haiku-4-5',
            label: 'Claude Haiku 4.5',
            model: fast.model,
            acceptsImages: true,
          },
        ]),
      },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => {
    main.script([]);
    fast.script([]);
  });

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `P${Date.now()}${Math.random()}` })
    ).json<Project>();
    const read = async (path: string) => {
      const response = await owner.client.get(
        `/api/files/${project.id}/content?path=${encodeURIComponent(path)}`,
      );
      return response.statusCode === 200 ? response.json<{ content: string }>().content : null;
    };
    const orchestrate = (userRequest: string, extra: Record<string, unknown> = {}) =>
      owner.client.post('/api/agent/orchestrate', {
        projectId: project.id,
        userRequest,
        mode: 'full',
        context: { files: [] },
        ...extra,
      });
    return { ...owner, project, read, orchestrate };
  }

  it('plans, builds, reviews, tests, and debugs a failing test with one fix round; Undo reverts it all', async () => {
    const p = await ownerWithProject();
    main.script([
      json(PLAN),
      {
        toolCalls: [
          {
            name: 'write_file',
            input: {
              path: 'math.js',
              content: 'function add(a, b) {\n  return a - b;\n}\nmodule.exports = { add };\n',
            },
          },
        ],
      },
      { text: 'I wrote math.js.' },
      // The reviewer has a model of its own (below); the tester's answer comes next here.
      json(MATH_TEST),
      json({
        errorType: 'AssertionError',
        rootCause: 'add subtracts instead of adding (math.js line 2).',
        suggestedFixes: [{ description: 'Add the numbers', code: 'return a + b;' }],
      }),
      {
        toolCalls: [
          { name: 'edit_file', input: { path: 'math.js', search: 'a - b', replace: 'a + b' } },
        ],
      },
      { text: 'Fixed add.' },
    ]);
    fast.script([
      json({
        findings: [
          {
            file: 'math.js',
            line: 99,
            severity: 'Error',
            category: 'bug',
            message: 'add subtracts',
            suggestion: 'use +',
          },
        ],
      }),
    ]);

    const response = await p.orchestrate('Write an add function');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<OrchestrationResult>();
    expect(result.status).toBe('completed');
    expect(result.error).toBeNull();
    expect(result.tasks.map((task) => [task.type, task.status])).toEqual([
      ['architect', 'completed'],
      ['develop', 'completed'],
      ['review', 'completed'],
      ['test', 'completed'],
      ['debug', 'completed'],
    ]);
    expect(result.plan).toEqual(PLAN);
    // The reviewer's line past the end is the file's last line; its severity is normalised.
    expect(result.review).toEqual([
      expect.objectContaining({ file: 'math.js', line: 4, severity: 'error', category: 'bug' }),
    ]);
    expect(fast.calls).toHaveLength(1);
    expect(promptText(fast.calls[0]!)).toContain('   2 |   return a - b;');
    expect(result.tests).toHaveLength(1);
    expect(result.tests[0]!.files).toEqual(['tests/math.test.js']);
    expect(result.tests[0]!.runs.map((run) => [run.path, run.passed, run.afterFix])).toEqual([
      ['tests/math.test.js', false, false],
      ['tests/math.test.js', true, true],
    ]);
    expect(result.tests[0]!.runs[0]!.output).toContain('AssertionError');
    expect(result.tests[0]!.runs[1]!.output).toContain('add works');
    expect(result.debug?.errorType).toBe('AssertionError');
    // The fix round was told what failed.
    expect(promptText(main.calls[5]!)).toContain('A test of what you built failed');
    expect(promptText(main.calls[5]!)).toContain('AssertionError');
    expect(await p.read('math.js')).toContain('return a + b;');
    expect(result.code.map((file) => file.path).sort()).toEqual(['math.js', 'tests/math.test.js']);
    expect(result.filesModified.map((change) => [change.path, change.action]).sort()).toEqual([
      ['math.js', 'created'],
      ['tests/math.test.js', 'created'],
    ]);
    expect(result.summary).toContain('5 of 5 tasks completed.');
    expect(result.summary).toContain('Tests: 1 of 1 test file(s) pass.');

    const history = (await p.client.get('/api/agent/history')).json<AgentHistory>().history;
    expect(history.map((entry) => [entry.agent, entry.success]).sort()).toEqual([
      ['Architect', true],
      ['Debugger', true],
      ['Developer', true],
      ['Reviewer', true],
      ['Tester', true],
    ]);
    expect(history.every((entry) => entry.projectId === p.project.id)).toBe(true);

    // One checkpoint holds the whole run: restoring it removes both files.
    expect(result.checkpointId).not.toBeNull();
    const undo = await p.client.post(`/api/ai/checkpoints/${result.checkpointId}/restore`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await p.read('math.js')).toBeNull();
    expect(await p.read('tests/math.test.js')).toBeNull();

    // The run is kept for the project and read back by id.
    const listed = await p.client.get(`/api/agent/orchestrations?projectId=${p.project.id}`);
    expect(listed.json<{ orchestrations: OrchestrationResult[] }>().orchestrations[0]?.id).toBe(
      result.id,
    );
    const again = await p.client.get(`/api/agent/orchestrations/${result.id}`);
    expect(again.json<OrchestrationResult>().summary).toBe(result.summary);
  });

  it('sends a malformed plan back once with what was wrong, then fails the task and keeps the rest', async () => {
    const p = await ownerWithProject();
    main.script([{ text: 'Sure! Here is my plan: build it.' }, json({ overview: 'x', steps: [] })]);
    const response = await p.orchestrate('Build a todo app');
    const result = response.json<OrchestrationResult>();
    expect(result.status).toBe('failed');
    expect(result.tasks.map((task) => task.status)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(result.tasks[0]!.output).toContain(
      'The architect answered twice in a form Kiln could not use',
    );
    expect(result.tasks[1]!.output).toBe("Not started: the architect's task failed.");
    expect(result.error).toMatch(/^Architect: /);
    expect(result.plan).toBeNull();
    expect(main.calls).toHaveLength(2);
    const retry = promptText(main.calls[1]!);
    expect(retry).toContain('Kiln could not use that answer: it was not valid JSON');
    const history = (await p.client.get('/api/agent/history')).json<AgentHistory>().history;
    expect(history.map((entry) => [entry.agent, entry.success])).toEqual([['Architect', false]]);
  });

  it('keeps a review failure to its task: the tests still run', async () => {
    const p = await ownerWithProject();
    main.script([
      json(PLAN),
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'math.js', content: 'exports.add = (a, b) => a + b;\n' },
          },
        ],
      },
      { text: 'Done.' },
      json(MATH_TEST),
    ]);
    fast.script([{ text: 'no json' }, { text: '{"findings": "none"}' }]);
    const result = (await p.orchestrate('Write an add function')).json<OrchestrationResult>();
    expect(result.status).toBe('failed');
    expect(result.tasks.map((task) => task.status)).toEqual([
      'completed',
      'completed',
      'failed',
      'completed',
      'completed',
    ]);
    expect(result.error).toMatch(/^Reviewer: /);
    expect(result.tests[0]!.runs.map((run) => run.passed)).toEqual([true]);
    expect(result.tasks[4]!.output).toBe('Nothing failed, so there was nothing to debug.');
    expect(result.debug).toBeNull();
  });

  it('streams each task state as it changes when asked for events', async () => {
    const p = await ownerWithProject();
    main.script([json(PLAN), { text: 'Nothing to write.' }, json(MATH_TEST)]);
    fast.script([json(NO_FINDINGS)]);
    const response = await p.client.post(
      '/api/agent/orchestrate',
      {
        projectId: p.project.id,
        userRequest: 'Plan only',
        context: { files: [{ path: 'a.js', content: 'let a = 1;\n' }] },
      },
      { headers: { accept: 'text/event-stream' } },
    );
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    const last = events.at(-1);
    expect(last?.type).toBe('done');
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.length).toBeGreaterThan(2);
    const seen = progress.map((event) =>
      event.type === 'progress' ? event.result.tasks.map((task) => task.status).join(',') : '',
    );
    expect(seen).toContain('in_progress,pending,pending,pending,pending');
    // Nothing was written, so the open file was reviewed and tested.
    expect(promptText(fast.calls[0]!)).toContain('--- a.js ---');
  });

  it('shows each file the developer writes while it works; a developer failure ends the run and keeps its files', async () => {
    const p = await ownerWithProject();
    main.script([
      json(PLAN),
      { toolCalls: [{ name: 'write_file', input: { path: 'notes.md', content: '# Notes\n' } }] },
      // Then the model goes silent: the idle timeout (2 s here) fails the developer's task.
      { hang: true },
    ]);
    const pending = p.orchestrate('Write notes');
    const latest = async () =>
      (await p.client.get(`/api/agent/orchestrations?projectId=${p.project.id}`)).json<{
        orchestrations: OrchestrationResult[];
      }>().orchestrations[0];
    await expect
      .poll(async () => {
        const run = await latest();
        return [run?.tasks[1]?.status, run?.filesModified.map((change) => change.path)];
      })
      .toEqual(['in_progress', ['notes.md']]);
    const result = (await pending).json<OrchestrationResult>();
    expect(result.tasks.map((task) => task.status)).toEqual([
      'completed',
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(result.error).toMatch(/^Developer: The AI model stopped answering/);
    expect(result.filesModified).toEqual([{ path: 'notes.md', action: 'created' }]);
    expect(result.checkpointId).not.toBeNull();
    expect(await p.read('notes.md')).toBe('# Notes\n');
  });

  it('stops on Stop: the task at work ends, the rest never start, what was done is kept', async () => {
    const p = await ownerWithProject();
    const stranger = await signUp(t.app);
    main.script([json(PLAN), { hang: true }]);
    const pending = p.orchestrate('Write an add function');
    const running = async () => {
      const list = await p.client.get(`/api/agent/orchestrations?projectId=${p.project.id}`);
      return list.json<{ orchestrations: OrchestrationResult[] }>().orchestrations[0];
    };
    await expect.poll(async () => (await running())?.tasks[1]?.status).toBe('in_progress');
    const id = (await running())!.id;
    expectError(
      await stranger.client.post(`/api/agent/orchestrations/${id}/cancel`),
      404,
      'NOT_FOUND',
    );
    const cancelled = await p.client.post(`/api/agent/orchestrations/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const result = (await pending).json<OrchestrationResult>();
    expect(result.status).toBe('failed');
    expect(result.error).toBe('Stopped.');
    expect(result.plan).toEqual(PLAN);
    expect(result.tasks.map((task) => [task.status, task.output])).toEqual([
      ['completed', PLAN.overview],
      ['failed', 'Stopped.'],
      ['failed', 'Stopped before it started.'],
      ['failed', 'Stopped before it started.'],
      ['failed', 'Stopped before it started.'],
    ]);
    // Stopping a finished run changes nothing.
    const again = await p.client.post(`/api/agent/orchestrations/${id}/cancel`);
    expect(again.json<OrchestrationResult>().error).toBe('Stopped.');
  });

  it('refuses a second run on the same project while one runs, and an empty request', async () => {
    const p = await ownerWithProject();
    expectError(await p.orchestrate('   '), 400, 'VALIDATION_FAILED');
    await t.database.db.insert(agentOrchestrations).values({
      projectId: p.project.id,
      userId: p.user.id,
      status: 'running',
      request: {},
      result: {},
    });
    const busy = await p.orchestrate('Build it');
    expect(expectError(busy, 409, 'CONFLICT')).toContain('already working on this project');
  });

  it('names each role with its model in the status', async () => {
    const p = await ownerWithProject();
    const status = (await p.client.get('/api/agent/status')).json<AgentStatus>();
    expect(status.agents.map((agent) => [agent.name, agent.model, agent.isActive])).toEqual([
      ['Architect', 'Claude Sonnet 4.5', false],
      ['Developer', 'Claude Sonnet 4.5', false],
      ['Reviewer', 'Claude Haiku 4.5', false],
      ['Tester', 'Claude Sonnet 4.5', false],
      ['Debugger', 'Claude Sonnet 4.5', false],
    ]);
  });

  it('answers 401 signed out and 404 for another person', async () => {
    const p = await ownerWithProject();
    const stranger = await signUp(t.app);
    const anonymous = new (await import('../../test/client')).TestClient(t.app);
    for (const [method, url] of [
      ['POST', '/api/agent/orchestrate'],
      ['GET', `/api/agent/orchestrations?projectId=${p.project.id}`],
      ['GET', '/api/agent/status'],
      ['GET', '/api/agent/history'],
    ] as const) {
      expectError(
        await anonymous.request(method, url, {
          body: { projectId: p.project.id, userRequest: 'x' },
        }),
        401,
        'UNAUTHENTICATED',
      );
    }
    expectError(
      await stranger.client.post('/api/agent/orchestrate', {
        projectId: p.project.id,
        userRequest: 'x',
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await stranger.client.get(`/api/agent/orchestrations?projectId=${p.project.id}`),
      404,
      'NOT_FOUND',
    );
    main.script([{ text: 'bad' }, { text: 'bad' }]);
    const mine = (await p.orchestrate('x')).json<OrchestrationResult>();
    expectError(
      await stranger.client.get(`/api/agent/orchestrations/${mine.id}`),
      404,
      'NOT_FOUND',
    );
    expect((await stranger.client.get('/api/agent/history')).json<AgentHistory>().history).toEqual(
      [],
    );
  });
});
