import type { AgentHistory, OrchestrationResult, Project } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOrchestrations } from '../tables';
import { createTestApp, type TestApp } from '../../../test/app';
import { signUp } from '../../../test/factories';
import { promptText, scriptedModel } from '../../../test/scripted-model';
import { providersFrom } from '../../ai';

const model = scriptedModel();

/**
 * Runs wait in the queue: this app takes no jobs until the test starts its worker, so a run
 * asked for by an editor is still queued when the owner removes them or makes them a viewer.
 */
describe('an orchestration that waited in the queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      {
        worker: false,
        aiProviders: providersFrom([
          {
            provider: 'anthropic',
            modelId: 'claude-sonnet-4-5',
            label: 'Claude Sonnet 4.5',
            model: model.model,
            acceptsImages: true,
          },
        ]),
      },
    );
  });
  afterAll(() => t.close());

  /** A project with an editor who asks the agents for something; the run is left queued. */
  async function editorsQueuedRun(request: string) {
    const owner = await signUp(t.app, { name: 'Olive Owner' });
    const project = (
      await owner.client.post('/api/projects', { name: `Queued ${Math.random()}` })
    ).json<Project>();
    const editor = await signUp(t.app, { name: 'Eddie Editor' });
    const invited = await owner.client.post(`/api/projects/${project.id}/members`, {
      email: editor.email,
      role: 'editor',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const files = async () =>
      (await owner.client.get(`/api/files/${project.id}`))
        .json<{ path: string; version: number }[]>()
        .map((file) => `${file.path}@${file.version}`)
        .sort();
    const before = await files();
    // The request follows the run until it ends, so it answers only once the worker took it.
    const answer = editor.client.post('/api/agent/orchestrate', {
      projectId: project.id,
      userRequest: request,
      mode: 'full',
      context: { files: [] },
    });
    await expect
      .poll(async () =>
        (
          await t.database.db
            .select({ status: agentOrchestrations.status })
            .from(agentOrchestrations)
            .where(eq(agentOrchestrations.projectId, project.id))
        ).map((row) => row.status),
      )
      .toEqual(['queued']);
    const member = `/api/projects/${project.id}/members/${editor.user.id}`;
    return { owner, editor, project, files, before, answer, member };
  }

  it('does not run for someone removed or made a viewer meanwhile: it fails, saying why, and changes nothing', async () => {
    model.script([
      // Only the editor who kept their role gets a run: its architect answers twice in a form
      // Kiln cannot use, which is enough to show the run started and called the model.
      { text: 'Not a plan.' },
      { text: 'Still not a plan.' },
    ]);
    const removed = await editorsQueuedRun('Removed before it started');
    const demoted = await editorsQueuedRun('Demoted before it started');
    const kept = await editorsQueuedRun('Still an editor');
    expect((await removed.owner.client.delete(removed.member)).statusCode).toBe(200);
    const madeViewer = await demoted.owner.client.patch(demoted.member, { role: 'viewer' });
    expect(madeViewer.statusCode, madeViewer.body).toBe(200);

    await t.app.jobs.startWorker();

    const outcomes = await Promise.all(
      [removed, demoted, kept].map(async (run) => {
        const response = await run.answer;
        expect(response.statusCode, response.body).toBe(200);
        return response.json<OrchestrationResult>();
      }),
    );
    const [removedRun, demotedRun, keptRun] = outcomes;
    expect(removedRun!.status).toBe('failed');
    expect(removedRun!.error).toBe(
      'The agents did not start: you are no longer a member of this project. Nothing was changed.',
    );
    expect(demotedRun!.status).toBe('failed');
    expect(demotedRun!.error).toBe(
      'The agents did not start: you can no longer change this project (you are now a viewer). Nothing was changed.',
    );
    for (const refused of [removedRun!, demotedRun!]) {
      expect(refused.tasks.map((task) => [task.status, task.output, task.startedAt])).toEqual(
        Array.from({ length: 5 }, () => ['failed', 'Not started.', null]),
      );
      expect(refused.summary).toBe(`0 of 5 tasks completed. Failed: ${refused.error}`);
      expect(refused.checkpointId).toBeNull();
      expect(refused.filesModified).toEqual([]);
      expect(refused.finishedAt).not.toBeNull();
    }
    for (const run of [removed, demoted]) {
      expect(await run.files()).toEqual(run.before);
      const history = (await run.editor.client.get('/api/agent/history')).json<AgentHistory>();
      expect(history.history).toEqual([]);
    }
    // The model heard only from the run whose editor kept their role.
    expect(model.calls).toHaveLength(2);
    expect(promptText(model.calls[0]!)).toContain('Still an editor');
    expect(keptRun!.status).toBe('failed');
    expect(keptRun!.tasks[0]!.output).toContain('The architect answered twice');

    // The owner sees each run as it ended in the project's list.
    const listed = await demoted.owner.client.get(
      `/api/agent/orchestrations?projectId=${demoted.project.id}`,
    );
    expect(
      listed
        .json<{ orchestrations: OrchestrationResult[] }>()
        .orchestrations.map((run) => [run.status, run.error]),
    ).toEqual([['failed', demotedRun!.error]]);
  });
});
