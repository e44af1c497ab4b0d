import type { AgentStreamEvent, Project } from '@kiln/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { scriptedModel, scriptedProviders } from '../../test/scripted-model';

const scripted = scriptedModel();

/** A turn that is stopped must end within this long of the access change. */
const STOPS_WITHIN_MS = 5_000;

function parseEvents(body: string): AgentStreamEvent[] {
  return body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as AgentStreamEvent);
}

/*
 * The AI assistant's turn writes files on the say-so of the person who asked: when they are
 * removed from the project or made a viewer while it runs, it ends at once and says why, keeping
 * what it wrote before in a checkpoint, as Stop does.
 */
describe("an AI assistant's turn whose person loses access", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      { aiProviders: scriptedProviders(scripted.model) },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => scripted.script([]));

  async function sharedProject() {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `P${Math.random()}` })
    ).json<Project>();
    const added = await owner.client.post(`/api/projects/${project.id}/members`, {
      email: member.email,
      role: 'editor',
    });
    expect(added.statusCode, added.body).toBe(201);
    return { owner, member, project };
  }

  /** Asks as `client`, streamed: the model writes a.txt, then hangs until it is stopped. */
  function askAndHang(client: TestClient, projectId: string) {
    scripted.script([
      { toolCalls: [{ name: 'write_file', input: { path: 'a.txt', content: 'written' } }] },
      { hang: true },
      { toolCalls: [{ name: 'write_file', input: { path: 'b.txt', content: 'never' } }] },
    ]);
    return client.post(
      '/api/ai/agent',
      { projectId, message: 'Write two files' },
      { headers: { accept: 'text/event-stream' } },
    );
  }

  async function expectEndedWith(answer: ReturnType<typeof askAndHang>, reason: string) {
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
    const last = parseEvents(response.body).at(-1);
    expect(last?.type).toBe('done');
    const result = (last as Extract<AgentStreamEvent, { type: 'done' }>).result;
    expect(result.stopReason).toBe(reason);
    expect(result.message).toContain(reason);
    expect(result.filesModified).toEqual([{ path: 'a.txt', action: 'created' }]);
    expect(result.checkpointId).not.toBeNull();
  }

  async function paths(owner: TestClient, projectId: string) {
    const response = await owner.get(`/api/files/${projectId}`);
    return response.json<{ path: string }[]>().map((file) => file.path);
  }

  it('ends within seconds of its person being removed, says why, and writes nothing more', async () => {
    const { owner, member, project } = await sharedProject();
    const answer = askAndHang(member.client, project.id);
    await expect.poll(() => scripted.calls.length).toBe(2);

    const removed = await owner.client.delete(
      `/api/projects/${project.id}/members/${member.user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const removedAt = Date.now();
    await expectEndedWith(
      answer,
      'You were removed from this project, so the AI assistant stopped.',
    );
    expect(Date.now() - removedAt).toBeLessThan(STOPS_WITHIN_MS);
    expect(scripted.calls).toHaveLength(2);
    expect(await paths(owner.client, project.id)).toContain('a.txt');
    expect(await paths(owner.client, project.id)).not.toContain('b.txt');
  });

  it('ends when its person is made a viewer; the owner’s own turn is left be', async () => {
    const { owner, member, project } = await sharedProject();
    const answer = askAndHang(member.client, project.id);
    await expect.poll(() => scripted.calls.length).toBe(2);
    const demoted = await owner.client.patch(
      `/api/projects/${project.id}/members/${member.user.id}`,
      { role: 'viewer' },
    );
    expect(demoted.statusCode, demoted.body).toBe(200);
    await expectEndedWith(
      answer,
      'You can now only view this project, so the AI assistant stopped.',
    );

    // The owner's turn in the same project runs on through another member's removal (the
    // server's close ends it, after this test).
    const other = await signUp(t.app);
    await owner.client.post(`/api/projects/${project.id}/members`, {
      email: other.email,
      role: 'editor',
    });
    scripted.script([{ hang: true }]);
    void owner.client.post(
      '/api/ai/agent',
      { projectId: project.id, message: 'Think' },
      { headers: { accept: 'text/event-stream' } },
    );
    await expect.poll(() => scripted.calls.length).toBe(1);
    const gone = await owner.client.delete(`/api/projects/${project.id}/members/${other.user.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(scripted.calls[0]?.abortSignal?.aborted).toBe(false);
  });
});
