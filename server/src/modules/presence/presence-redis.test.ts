import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { startInstances, type Instances } from '../../test/instances';
import { createProject } from '../../test/project-files';
import { PresenceSocket } from './test-presence';

const redisUrl = process.env.TEST_REDIS_URL;

// Two instances of one deployment: one database, one Redis, one key prefix.
describe.skipIf(!redisUrl)('presence across two server instances on one Redis', () => {
  let instances: Instances;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    instances = await startInstances({ count: 2, redisUrl: redisUrl ?? '', listen: true });
    apps.push(...instances.apps);
  });
  afterAll(() => instances.close());

  it('shows each instance the collaborators, open files and saves of the other', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const owner = await signUp(one, { name: 'Ada Lovelace' });
    const project = await createProject(owner.client, 'Across instances');
    const a = await PresenceSocket.join({ app: one, client: owner.client, projectId: project.id });
    a.presence.send({ type: 'active_file', filePath: 'index.html' });
    await new Promise((resolve) => setTimeout(resolve, 200));

    const b = await PresenceSocket.join({ app: two, client: owner.client, projectId: project.id });
    expect((await a.presence.next('user_joined')).user.connectionId).toBe(b.users.you);
    // The other instance's collaborator, with its open file, as soon as that instance answers.
    const known = b.users.users.some((user) => user.connectionId === a.users.you);
    const seen = known
      ? b.users.users.find((user) => user.connectionId === a.users.you)
      : (await b.presence.next('user_joined', (m) => m.user.connectionId === a.users.you)).user;
    expect(seen).toMatchObject({ userName: 'Ada Lovelace', activeFile: 'index.html' });

    b.presence.send({ type: 'active_file', filePath: 'style.css' });
    expect(await a.presence.next('file_activity')).toMatchObject({
      connectionId: b.users.you,
      filePath: 'style.css',
    });
    a.presence.send({ type: 'file_saved', filePath: 'index.html' });
    expect(await b.presence.next('file_updated')).toMatchObject({
      connectionId: a.users.you,
      filePath: 'index.html',
    });

    b.presence.close();
    expect(await a.presence.next('user_left')).toMatchObject({ connectionId: b.users.you });
    a.presence.close();
  });

  it('drops the collaborators of an instance that shuts down', async () => {
    const [one] = apps as [FastifyInstance, FastifyInstance];
    const owner = await signUp(one);
    const project = await createProject(owner.client, 'Shutdown');
    const a = await PresenceSocket.join({ app: one, client: owner.client, projectId: project.id });
    const extra = await instances.startAnother();
    const leaving = await PresenceSocket.join({
      app: extra,
      client: owner.client,
      projectId: project.id,
    });
    expect((await a.presence.next('user_joined')).user.connectionId).toBe(leaving.users.you);
    // Told at shutdown, not when the instance has been silent long enough to be given up on.
    await extra.close();
    expect(await a.presence.next('user_left', () => true, 2000)).toMatchObject({
      connectionId: leaving.users.you,
    });
    a.presence.close();
  });
});
