import type { Health } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { TestClient } from '../test/client';
import { signUp, uniqueEmail } from '../test/factories';
import { readOutbox } from '../test/outbox';
import { createFile, createProject } from '../test/project-files';
import { OwnRedis } from '../test/redis-server';

// Redis stopped under a running instance and started again: what a person does meanwhile still
// works or waits, /api/health says what is missing while it is missing, and no job is lost or
// run twice.
describe.skipIf(!process.env.TEST_REDIS_URL)('Redis away for a while', () => {
  let redis: OwnRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await OwnRedis.start();
    t = await createTestApp({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await redis.resume().catch(() => undefined);
    await t.close();
    await redis.remove();
  });

  const health = async () => {
    const started = Date.now();
    const response = await t.app.inject({ url: '/api/health' });
    return { status: response.statusCode, body: response.json<Health>(), ms: Date.now() - started };
  };

  it('says what is degraded, keeps saves working, and loses or repeats no job', async () => {
    const before = await signUp(t.app);
    const project = await createProject(before.client, 'Through an outage');
    const file = await createFile(before.client, project.id, 'notes.md', { content: 'one' });
    expect((await health()).body.events).toEqual({ backend: 'redis', ok: true });

    await redis.stop();
    let during = await health();
    for (let tries = 0; during.status === 200 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      during = await health();
    }
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      jobs: { backend: 'redis', ok: false, waiting: null },
      events: { backend: 'redis', ok: false },
    });
    // Answered in time for a load balancer, not when Redis comes back.
    expect(during.ms).toBeLessThan(3_000);

    // Files live in the database: saving goes on, signed in as before.
    const saved = await before.client.patch(`/api/files/${file.id}`, { content: 'two' });
    expect(saved.statusCode, saved.body).toBe(200);

    // Signing up queues a verification mail: the answer waits for the queue rather than lose it.
    const newcomer = new TestClient(t.app);
    await newcomer.get('/api/health');
    const email = uniqueEmail('during');
    let answered = false;
    const signingUp = newcomer
      .post('/api/auth/register', { email, password: 'correct-horse', name: 'During' })
      .finally(() => {
        answered = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);

    await redis.resume();
    expect((await signingUp).statusCode).toBe(201);

    let after = await health();
    for (let tries = 0; after.status !== 200 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await health();
    }
    expect(after.body).toMatchObject({ status: 'ok', jobs: { ok: true }, events: { ok: true } });

    const later = await signUp(t.app, { email: uniqueEmail('after') });
    const mail = await readOutbox(t);
    const to = (address: string) => mail.filter((message) => message.to === address).length;
    expect([to(before.email), to(email), to(later.email)]).toEqual([1, 1, 1]);
    const text = await before.client.get(
      `/api/files/${project.id}/content?path=${encodeURIComponent('notes.md')}`,
    );
    expect(text.json<{ content: string }>().content).toBe('two');
  });
});
