import { PRESENCE_CLOSE_CODES, PRESENCE_LIMITS } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { displayName } from './connection';
import { PresenceSocket, refusal } from './test-presence';

describe('live presence over /ws', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function ownerWithProject(name = 'Ada Lovelace') {
    const owner = await signUp(t.app, { name });
    const project = await createProject(owner.client, `Presence ${Math.random()}`);
    return { ...owner, project };
  }

  it('answers a join with everyone there, and tells them who joined and who left', async () => {
    const { client, user, project } = await ownerWithProject();
    const first = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    expect(first.users.users).toEqual([
      expect.objectContaining({
        connectionId: first.users.you,
        userId: user.id,
        userName: 'Ada Lovelace',
        activeFile: null,
      }),
    ]);
    const second = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    expect(second.users.users.map((u) => u.connectionId).sort()).toEqual(
      [first.users.you, second.users.you].sort(),
    );
    const joined = await first.presence.next('user_joined');
    expect(joined.user).toMatchObject({ connectionId: second.users.you, userId: user.id });
    expect(Date.parse(joined.user.joinedAt)).not.toBeNaN();

    second.presence.close();
    expect(await first.presence.next('user_left')).toEqual({
      type: 'user_left',
      connectionId: second.users.you,
      userId: user.id,
    });
    first.presence.close();
  });

  it("shows two people in one project to each other: its owner and a member, each by their account's name", async () => {
    const { client, user, project } = await ownerWithProject('Olive Owner');
    const member = await signUp(t.app, { name: 'Vera Viewer' });
    const added = await client.post(`/api/projects/${project.id}/members`, {
      email: member.email,
      role: 'viewer',
    });
    expect(added.statusCode, added.body).toBe(201);
    const owner = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const guest = await PresenceSocket.join({
      app: t.app,
      client: member.client,
      projectId: project.id,
    });
    expect(guest.users.users.map((u) => [u.userId, u.userName]).sort()).toEqual(
      [
        [user.id, 'Olive Owner'],
        [member.user.id, 'Vera Viewer'],
      ].sort(),
    );
    const joined = await owner.presence.next('user_joined');
    expect(joined.user).toMatchObject({ userId: member.user.id, userName: 'Vera Viewer' });
    owner.presence.send({ type: 'active_file', filePath: 'index.html' });
    expect(await guest.presence.next('file_activity')).toMatchObject({
      userId: user.id,
      filePath: 'index.html',
    });
    guest.presence.close();
    owner.presence.close();
  });

  it('closes the socket of someone removed from the project, and relays no save a viewer announces', async () => {
    const { client, project } = await ownerWithProject('Olive Owner');
    const member = await signUp(t.app, { name: 'Vera Viewer' });
    await client.post(`/api/projects/${project.id}/members`, {
      email: member.email,
      role: 'viewer',
    });
    const owner = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const guest = await PresenceSocket.join({
      app: t.app,
      client: member.client,
      projectId: project.id,
    });
    await owner.presence.next('user_joined');

    // A viewer saves nothing: a save it announces reaches nobody.
    guest.presence.send({ type: 'file_saved', filePath: 'index.html' });
    guest.presence.send({ type: 'active_file', filePath: 'app.js' });
    expect(await owner.presence.next('file_activity')).toMatchObject({
      userId: member.user.id,
      filePath: 'app.js',
    });
    // Handled in order: the save came before the file it then opened.
    expect(await owner.presence.received('file_updated', 0)).toBe(false);

    // Removed, its socket closes at once, without waiting for it to say anything, and the
    // owner sees it leave.
    const removed = await client.delete(`/api/projects/${project.id}/members/${member.user.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await guest.presence.closed).toEqual({
      code: PRESENCE_CLOSE_CODES.projectNotFound,
      reason: 'Project not found',
    });
    expect(await owner.presence.next('user_left')).toMatchObject({ userId: member.user.id });
    owner.presence.close();
  });

  it('uses the account, not the identity a client claims', async () => {
    const { client, user, project } = await ownerWithProject('Grace Hopper');
    const { presence } = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const other = await PresenceSocket.open({ app: t.app, client });
    other.send({ type: 'join', projectId: project.id, userId: 'user_forged', userName: 'Mallory' });
    const { user: joined } = await presence.next('user_joined');
    expect(joined).toMatchObject({ userId: user.id, userName: 'Grace Hopper' });
    presence.close();
    other.close();
  });

  it('names an account without a name after its id', () => {
    expect(displayName({ id: 'a1b2c3d4-0000-4000-8000-00000000beef', name: null })).toBe(
      'Userbeef',
    );
    expect(displayName({ id: 'x-1234', name: '  ' })).toBe('User1234');
    expect(displayName({ id: 'x-1234', name: 'Linus' })).toBe('Linus');
  });

  it('tells the others which file each has open, and the newcomers too', async () => {
    const { client, project } = await ownerWithProject();
    const a = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const b = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    a.presence.send({ type: 'active_file', filePath: 'src/app.js' });
    expect(await b.presence.next('file_activity')).toMatchObject({
      connectionId: a.users.you,
      userName: 'Ada Lovelace',
      filePath: 'src/app.js',
    });
    const c = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    expect(c.users.users.find((u) => u.connectionId === a.users.you)?.activeFile).toBe(
      'src/app.js',
    );
    // The sender is not told what it just did.
    expect(await a.presence.received('file_activity')).toBe(false);
    for (const { presence } of [a, b, c]) presence.close();
  });

  it('tells the others, not the saver, that a file was saved', async () => {
    const { client, user, project } = await ownerWithProject();
    const saver = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const reader = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    saver.presence.send({ type: 'file_saved', filePath: 'index.html' });
    expect(await reader.presence.next('file_updated')).toEqual({
      type: 'file_updated',
      connectionId: saver.users.you,
      userId: user.id,
      userName: 'Ada Lovelace',
      filePath: 'index.html',
    });
    expect(await saver.presence.received('file_updated')).toBe(false);
    saver.presence.close();
    reader.presence.close();
  });

  it('keeps projects apart', async () => {
    const { client, project } = await ownerWithProject();
    const other = await createProject(client, `Elsewhere ${Math.random()}`);
    const here = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const there = await PresenceSocket.join({ app: t.app, client, projectId: other.id });
    expect(there.users.users).toHaveLength(1);
    there.presence.send({ type: 'file_saved', filePath: 'index.html' });
    expect(await here.presence.received('file_updated')).toBe(false);
    expect(await here.presence.received('user_joined', 0)).toBe(false);
    here.presence.close();
    there.presence.close();
  });

  it('refuses a signed-out upgrade (401) and a page of another origin (403)', async () => {
    const { client } = await ownerWithProject();
    expect(await refusal({ app: t.app })).toBe(401);
    for (const origin of ['https://evil.example', t.env.PREVIEW_ORIGIN, 'null']) {
      expect(await refusal({ app: t.app, client, origin }), origin).toBe(403);
    }
    const { port } = t.app.server.address() as { port: number };
    for (const origin of ['http://kiln.test', `http://127.0.0.1:${port}`]) {
      const presence = await PresenceSocket.open({ app: t.app, client, origin });
      presence.close();
    }
  });

  it("closes the socket for another user's project as for one that does not exist", async () => {
    const { project } = await ownerWithProject();
    const stranger = await signUp(t.app);
    for (const projectId of [project.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const presence = await PresenceSocket.open({ app: t.app, client: stranger.client });
      presence.send({ type: 'join', projectId });
      expect(await presence.closed, projectId).toEqual({
        code: PRESENCE_CLOSE_CODES.projectNotFound,
        reason: 'Project not found',
      });
    }
  });

  it('ignores malformed and oversized messages, and keeps working', async () => {
    const { client, project } = await ownerWithProject();
    const a = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const b = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    a.presence.send('not json');
    a.presence.send(JSON.stringify({ type: 'file_saved' }));
    a.presence.send(JSON.stringify({ type: 'shout', text: 'hello' }));
    a.presence.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    // 1 MB: as large as the server reads at all, far past what presence accepts.
    a.presence.send(JSON.stringify({ type: 'file_saved', filePath: 'x'.repeat(1024 * 1024 - 40) }));
    a.presence.send({ type: 'file_saved', filePath: 'still.js' });
    expect(await b.presence.next('file_updated')).toMatchObject({ filePath: 'still.js' });
    expect(b.presence.messages.filter((m) => m.type === 'file_updated')).toHaveLength(0);
    expect(a.presence.socket.readyState).toBe(a.presence.socket.OPEN);
    a.presence.close();
    b.presence.close();
  });

  it('closes a socket that keeps sending garbage', async () => {
    const { client, project } = await ownerWithProject();
    const a = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    const b = await PresenceSocket.join({ app: t.app, client, projectId: project.id });
    for (let sent = 0; sent < PRESENCE_LIMITS.badMessagesPerMinute; sent += 1) {
      a.presence.send(`{garbage ${sent}`);
    }
    expect((await a.presence.closed).code).toBe(PRESENCE_CLOSE_CODES.tooManyBadMessages);
    // And it has left the project.
    expect(await b.presence.next('user_left')).toMatchObject({ connectionId: a.users.you });
    b.presence.close();
  });
});
