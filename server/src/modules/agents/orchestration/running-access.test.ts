import type { OrchestrationEvent, OrchestrationResult } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestClient } from '../../../test/client';
import { signUp } from '../../../test/factories';
import { startModelStandIn, type ModelStandIn } from '../../../test/model-stand-in';
import { createProject } from '../../../test/project-files';

/** Each chunk of the developer's slow answer comes this long after the one before. */
const SLOW_CHUNK_MS = 100;
/** A run that is stopped must end within this long of the access change. */
const STOPS_WITHIN_MS = 5_000;

const PLAN = {
  overview: 'Two text files.',
  features: ['two files'],
  techStack: ['Text'],
  steps: [{ step: 1, description: 'Write first.txt, then second.txt' }],
};

/** One project's files as `path@version`, sorted, read by its owner. */
async function fileList(owner: TestClient, projectId: string): Promise<string[]> {
  const response = await owner.get(`/api/files/${projectId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ path: string; version: number }[]>()
    .map((file) => `${file.path}@${file.version}`)
    .sort();
}

/** The project's latest run, as its owner's list shows it. */
async function latestRun(owner: TestClient, projectId: string): Promise<OrchestrationResult> {
  const response = await owner.get(`/api/agent/orchestrations?projectId=${projectId}`);
  expect(response.statusCode, response.body).toBe(200);
  const [run] = response.json<{ orchestrations: OrchestrationResult[] }>().orchestrations;
  if (!run) throw new Error('the project has no run');
  return run;
}

/** The events of an orchestration followed as a stream. */
function parseEvents(body: string): OrchestrationEvent[] {
  return body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as OrchestrationEvent);
}

/*
 * A running orchestration calls the model and writes files on the say-so, and the allowance, of
 * whoever started it: when that person is removed or made a viewer, it stops as Stop stops it,
 * and says why. Against the model stand-in over HTTP, with the developer's answer streamed slowly
 * so that the change lands while the model is still talking.
 */
describe('a running orchestration whose starter loses access', () => {
  let standIn: ModelStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startModelStandIn();
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      OPENAI_BASE_URL: `${standIn.url}/v1`,
      OPENAI_MODEL: 'stand-in',
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  let scenarios = 0;
  /**
   * A whole run under a scenario of its own: the developer writes first.txt at once, then takes
   * `slowChunks` slow chunks before it writes second.txt. Answers the request to send.
   */
  function scriptedRequest(slowChunks: number) {
    scenarios += 1;
    const name = `running-access-${scenarios}`;
    standIn.scenario(`${name}.architect`, [{ text: JSON.stringify(PLAN) }]);
    standIn.scenario(`${name}.develop`, [
      { toolCalls: [{ name: 'write_file', arguments: { path: 'first.txt', content: 'one\n' } }] },
      {
        text: Array.from({ length: slowChunks }, () => 'Still thinking. '),
        delayMs: SLOW_CHUNK_MS,
        toolCalls: [{ name: 'write_file', arguments: { path: 'second.txt', content: 'two\n' } }],
      },
      { text: 'I wrote first.txt and second.txt.' },
    ]);
    standIn.scenario(`${name}.review`, [{ text: JSON.stringify({ findings: [] }) }]);
    standIn.scenario(`${name}.test`, [
      {
        text: JSON.stringify({
          description: 'Reads the files.',
          testCases: [{ name: 'both', type: 'manual', steps: [], expectedResult: 'two files' }],
          files: [],
        }),
      },
    ]);
    const ofScenario = () => standIn.chatRequests.filter((request) => request.scenario === name);
    return {
      userRequest: `[scenario:${name}] Write two files`,
      ofScenario,
      /** Resolves once the developer's slow answer is being streamed. */
      slowAnswer: () =>
        standIn.waitFor(
          (request) => request.scenario === name && request.turn === 1 && request.status === 200,
          15_000,
        ),
    };
  }

  /** Starts a run as `client`, followed as a stream; the promise settles when the run ends. */
  function orchestrate(client: TestClient, projectId: string, userRequest: string) {
    return client.post(
      '/api/agent/orchestrate',
      { projectId, userRequest, mode: 'full', context: { files: [] } },
      { headers: { accept: 'text/event-stream' } },
    );
  }

  async function shareWith(owner: TestClient, projectId: string, email: string) {
    const added = await owner.post(`/api/projects/${projectId}/members`, { email, role: 'editor' });
    expect(added.statusCode, added.body).toBe(201);
  }

  /** The run stopped, as the person who started it is told, and as the owner's list shows it. */
  async function expectStopped(answer: ReturnType<typeof orchestrate>, error: string) {
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
    const last = parseEvents(response.body).at(-1);
    expect(last?.type).toBe('done');
    const result = (last as Extract<OrchestrationEvent, { type: 'done' }>).result;
    expect(result.status).toBe('failed');
    expect(result.error).toBe(error);
    expect(result.summary).toContain(`Failed: ${error}`);
    expect(result.tasks.map((task) => [task.type, task.status, task.output])).toEqual([
      ['architect', 'completed', PLAN.overview],
      ['develop', 'failed', 'Stopped.'],
      ['review', 'failed', 'Stopped before it started.'],
      ['test', 'failed', 'Stopped before it started.'],
      ['debug', 'failed', 'Stopped before it started.'],
    ]);
    // What it wrote before it stopped is kept, in a checkpoint the owner can undo.
    expect(result.filesModified).toEqual([{ path: 'first.txt', action: 'created' }]);
    expect(result.checkpointId).not.toBeNull();
    return result;
  }

  /** The model heard nothing more from the run, and no file changed, a while after it stopped. */
  async function expectNothingMore(
    run: ReturnType<typeof scriptedRequest>,
    files: () => Promise<string[]>,
  ) {
    const requests = run.ofScenario().length;
    const written = await files();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(run.ofScenario()).toHaveLength(requests);
    expect(await files()).toEqual(written);
    // The slow answer was cut off by Kiln, not heard to its end.
    expect(run.ofScenario().find((request) => request.turn === 1)?.outcome).toBe('aborted');
  }

  it('stops within seconds of its starter being removed, says why, and writes nothing more; the owner’s run goes on', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const bystander = await signUp(t.app);
    const { id: projectId } = await createProject(owner.client, `Shared ${Math.random()}`);
    await shareWith(owner.client, projectId, member.email);
    await shareWith(owner.client, projectId, bystander.email);
    const files = () => fileList(owner.client, projectId);
    const before = await files();

    // Ten minutes of answer, were it not stopped.
    const run = scriptedRequest(6_000);
    const answer = orchestrate(member.client, projectId, run.userRequest);
    await run.slowAnswer();
    expect(await files()).toEqual([...before, 'first.txt@1'].sort());

    const removed = await owner.client.delete(
      `/api/projects/${projectId}/members/${member.user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const removedAt = Date.now();
    await expect
      .poll(async () => (await latestRun(owner.client, projectId)).status, {
        timeout: STOPS_WITHIN_MS,
      })
      .toBe('failed');
    expect(Date.now() - removedAt).toBeLessThan(STOPS_WITHIN_MS);
    const message = 'You were removed from this project, so the agents you started were stopped.';
    const stopped = await expectStopped(answer, message);
    expect((await latestRun(owner.client, projectId)).error).toBe(message);
    await expectNothingMore(run, files);
    expect(await files()).toEqual([...before, 'first.txt@1'].sort());
    expect(stopped.finishedAt).not.toBeNull();

    // The owner's own run in the project is theirs: another member's removal leaves it be.
    const ownRun = scriptedRequest(20);
    const ownAnswer = orchestrate(owner.client, projectId, ownRun.userRequest);
    await ownRun.slowAnswer();
    const gone = await owner.client.delete(
      `/api/projects/${projectId}/members/${bystander.user.id}`,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    const own = parseEvents((await ownAnswer).body).at(-1);
    expect(own?.type).toBe('done');
    const ownResult = (own as Extract<OrchestrationEvent, { type: 'done' }>).result;
    expect([ownResult.status, ownResult.error]).toEqual(['completed', null]);
    expect(await files()).toEqual([...before, 'first.txt@2', 'second.txt@1'].sort());
  });

  it('stops when its starter is made a viewer; their run in another project goes on', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const { id: demotedIn } = await createProject(owner.client, `Demoted ${Math.random()}`);
    const { id: stillIn } = await createProject(owner.client, `Still ${Math.random()}`);
    await shareWith(owner.client, demotedIn, member.email);
    await shareWith(owner.client, stillIn, member.email);

    const run = scriptedRequest(6_000);
    const other = scriptedRequest(20);
    const answer = orchestrate(member.client, demotedIn, run.userRequest);
    const otherAnswer = orchestrate(member.client, stillIn, other.userRequest);
    await Promise.all([run.slowAnswer(), other.slowAnswer()]);

    const demoted = await owner.client.patch(
      `/api/projects/${demotedIn}/members/${member.user.id}`,
      { role: 'viewer' },
    );
    expect(demoted.statusCode, demoted.body).toBe(200);
    const demotedAt = Date.now();
    await expect
      .poll(async () => (await latestRun(owner.client, demotedIn)).status, {
        timeout: STOPS_WITHIN_MS,
      })
      .toBe('failed');
    expect(Date.now() - demotedAt).toBeLessThan(STOPS_WITHIN_MS);
    await expectStopped(
      answer,
      'You can now only view this project, so the agents you started were stopped.',
    );
    const files = () => fileList(owner.client, demotedIn);
    await expectNothingMore(run, files);
    expect((await files()).filter((file) => file.startsWith('second.txt'))).toEqual([]);

    // The same person's run where they are still an editor is not theirs to lose.
    const otherResponse = await otherAnswer;
    const done = parseEvents(otherResponse.body).at(-1);
    expect(done?.type).toBe('done');
    const result = (done as Extract<OrchestrationEvent, { type: 'done' }>).result;
    expect([result.status, result.error]).toEqual(['completed', null]);
    expect(result.filesModified.map((change) => change.path).sort()).toEqual([
      'first.txt',
      'second.txt',
    ]);
  });
});
