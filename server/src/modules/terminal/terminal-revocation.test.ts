import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectFile } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { TestTerminal } from './test-terminal';

/*
 * Someone removed from a project, or made a viewer, must lose their shell in it at once: it runs
 * with the project's secrets and database.
 */
describe('a terminal whose person loses access', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'bubblewrap' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function sharedProject(role: 'editor' | 'viewer' = 'editor') {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const { id: projectId } = await createProject(owner.client, `Shared ${Math.random()}`);
    const added = await owner.client.post(`/api/projects/${projectId}/members`, {
      email: member.email,
      role,
    });
    expect(added.statusCode, added.body).toBe(201);
    return { owner, member, projectId };
  }

  it('loses their open terminal within seconds of being removed, with the reason', async () => {
    const { owner, member, projectId } = await sharedProject();
    const terminal = await TestTerminal.open({ app: t.app, projectId, client: member.client });
    await terminal.waitForMessage('ready');
    const ownersTerminal = await TestTerminal.open({ app: t.app, projectId, client: owner.client });
    await ownersTerminal.waitForMessage('ready');

    const removed = await owner.client.delete(
      `/api/projects/${projectId}/members/${member.user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await terminal.waitForMessage('closed')).toEqual({
      type: 'closed',
      reason: 'access',
      message: 'You were removed from this project, so this terminal was closed.',
    });
    expect((await terminal.closed).code).toBe(4003);

    // The owner's shell goes on, and the workspace still syncs though the member opened it.
    ownersTerminal.type('echo still-here\n');
    await ownersTerminal.waitFor(/\nstill-here/);
    await writeFile(path.join(t.app.workspaces.folderOf(projectId), 'after.txt'), 'synced\n');
    await expect
      .poll(
        async () =>
          (await owner.client.get(`/api/files/${projectId}`))
            .json<ProjectFile[]>()
            .some((file) => file.path === 'after.txt'),
        { timeout: 10_000 },
      )
      .toBe(true);
    ownersTerminal.close();
    await ownersTerminal.closed;
  });

  it('loses a shell waiting for its dropped connection too: added back, they get a new shell', async () => {
    const { owner, member, projectId } = await sharedProject();
    const terminal = await TestTerminal.open({ app: t.app, projectId, client: member.client });
    const { shell } = await terminal.waitForMessage('ready');
    await terminal.run('export MARK=from-before', /\$ $/);
    // The network drops: the shell waits for the tab to come back.
    terminal.drop();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const removed = await owner.client.delete(
      `/api/projects/${projectId}/members/${member.user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const added = await owner.client.post(`/api/projects/${projectId}/members`, {
      email: member.email,
      role: 'editor',
    });
    expect(added.statusCode, added.body).toBe(201);

    const back = await TestTerminal.open({
      app: t.app,
      projectId,
      client: member.client,
      query: `?resume=${shell}&received=${terminal.bytesReceived}`,
    });
    const first = await back.waitForMessage('ready');
    expect(first.shell).not.toBe(shell);
    expect(back.messages.some((message) => message.type === 'resumed')).toBe(false);
    await back.run('echo "[$MARK]"', /\[\]\n/);
    back.close();
    await back.closed;
  });

  it('loses their terminal when made a viewer, and keeps it when made an editor again', async () => {
    const { owner, member, projectId } = await sharedProject('viewer');
    const promoted = await owner.client.patch(
      `/api/projects/${projectId}/members/${member.user.id}`,
      {
        role: 'editor',
      },
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    const terminal = await TestTerminal.open({ app: t.app, projectId, client: member.client });
    await terminal.waitForMessage('ready');
    const demoted = await owner.client.patch(
      `/api/projects/${projectId}/members/${member.user.id}`,
      {
        role: 'viewer',
      },
    );
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await terminal.waitForMessage('closed')).toMatchObject({
      reason: 'access',
      message: 'You can now only view this project, so this terminal was closed.',
    });
  });
});
