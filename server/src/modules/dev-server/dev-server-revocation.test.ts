import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createNodeAppProject, waitForState } from './test-dev-server';

/*
 * An app runs with the project's secrets and database on the say-so of whoever started it: when
 * that person is removed or made a viewer, it stops.
 */
describe('an app whose starter loses access', needs('bwrap'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'bubblewrap' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function sharedProject() {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const projectId = await createNodeAppProject(owner.client, `Shared ${Math.random()}`);
    const added = await owner.client.post(`/api/projects/${projectId}/members`, {
      email: member.email,
      role: 'editor',
    });
    expect(added.statusCode, added.body).toBe(201);
    return { owner, member, projectId };
  }

  it('has the app they started stopped, and the owner’s app left running', async () => {
    const { owner, member, projectId } = await sharedProject();
    const started = await member.client.post(`/api/projects/${projectId}/dev-server`, {});
    expect(started.statusCode, started.body).toBeLessThan(300);
    await waitForState(member.client, projectId, 'running');
    const removed = await owner.client.delete(
      `/api/projects/${projectId}/members/${member.user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const stopped = await waitForState(owner.client, projectId, 'stopped', 10_000);
    expect(stopped.message).toBe(
      'You were removed from this project, so the app you started was stopped.',
    );

    // The owner's own app is theirs to stop: removing someone else leaves it.
    const other = await signUp(t.app);
    await owner.client.post(`/api/projects/${projectId}/members`, {
      email: other.email,
      role: 'editor',
    });
    await owner.client.post(`/api/projects/${projectId}/dev-server`, {});
    await waitForState(owner.client, projectId, 'running');
    await owner.client.delete(`/api/projects/${projectId}/members/${other.user.id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await waitForState(owner.client, projectId, 'running')).state).toBe('running');
    await owner.client.delete(`/api/projects/${projectId}/dev-server`);
  });
});
