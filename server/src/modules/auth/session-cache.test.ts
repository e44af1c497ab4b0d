import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { startInstances, type Instances } from '../../test/instances';
import type { AccountChange, AccountChanges } from './account-changes';
import { SessionCache, type CachedSession } from './session-cache';

/** A changes channel under the test's hand: what it says, and whether it is listening. */
function fakeChanges() {
  const listeners = new Set<(change: AccountChange) => void>();
  const channel = {
    stretch: 1 as number | null,
    publish: (change: AccountChange) => listeners.forEach((listener) => listener(change)),
    subscribe(listener: (change: AccountChange) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    listening: () => channel.stretch,
    close: async () => undefined,
  };
  return channel satisfies AccountChanges;
}

const row = (sessionId: string, userId: string) =>
  ({ session: { id: sessionId, userId }, user: { id: userId } }) as unknown as CachedSession;

describe('SessionCache', () => {
  let now = 0;
  const cacheWith = (changes: AccountChanges, options: { maxEntries?: number } = {}) =>
    new SessionCache({
      ttlMs: 5_000,
      maxEntries: options.maxEntries ?? 100,
      changes,
      now: () => now,
    });

  it('serves a validated session for its time to live, and no longer', () => {
    now = 0;
    const cache = cacheWith(fakeChanges());
    cache.remember('s1', row('s1', 'u1'), cache.mark());
    now = 4_999;
    expect(cache.read('s1')?.user.id).toBe('u1');
    now = 5_000;
    expect(cache.read('s1')).toBeUndefined();
  });

  it("forgets a person's sessions when their account changes, and only theirs", () => {
    now = 0;
    const changes = fakeChanges();
    const cache = cacheWith(changes);
    cache.remember('a1', row('a1', 'ada'), cache.mark());
    cache.remember('a2', row('a2', 'ada'), cache.mark());
    cache.remember('b1', row('b1', 'bob'), cache.mark());
    changes.publish({ userId: 'ada' });
    expect(cache.read('a1')).toBeUndefined();
    expect(cache.read('a2')).toBeUndefined();
    expect(cache.read('b1')?.user.id).toBe('bob');
  });

  it('does not keep a row read while something was forgotten: it may be older than the change', () => {
    now = 0;
    const changes = fakeChanges();
    const cache = cacheWith(changes);
    const mark = cache.mark();
    changes.publish({ userId: 'ada' });
    cache.remember('a1', row('a1', 'ada'), mark);
    expect(cache.read('a1')).toBeUndefined();
  });

  it('keeps nothing while the channel may be missing changes, nor across a break in it', () => {
    now = 0;
    const changes = fakeChanges();
    const cache = cacheWith(changes);
    cache.remember('a1', row('a1', 'ada'), cache.mark());
    changes.stretch = null;
    expect(cache.read('a1')).toBeUndefined();
    cache.remember('a2', row('a2', 'ada'), cache.mark());
    changes.stretch = 2;
    expect(cache.read('a2')).toBeUndefined();
    cache.remember('a3', row('a3', 'ada'), cache.mark());
    expect(cache.read('a3')?.user.id).toBe('ada');
  });

  it('holds at most its number of entries, forgetting the oldest first', () => {
    now = 0;
    const cache = cacheWith(fakeChanges(), { maxEntries: 2 });
    for (const id of ['s1', 's2', 's3']) cache.remember(id, row(id, 'u'), cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.read('s1')).toBeUndefined();
    expect(cache.read('s3')).toBeDefined();
  });
});

describe('the session cache in the server', () => {
  // A minute of trust: only a change heard can explain a refusal within it.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
  });
  afterAll(() => t.close());

  /** Another browser holding the same cookies. */
  function copyOf(client: TestClient) {
    const copy = new TestClient(t.app);
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    return copy;
  }

  it('trusts a session it validated without asking the database again', async () => {
    const person = await signUp(t.app);
    expect((await person.client.get('/api/auth/me')).statusCode).toBe(200);
    // Gone from the database behind Kiln's back: only the cache can still answer for it.
    await t.database.db.execute(sql`delete from sessions where user_id = ${person.user.id}::uuid`);
    expect((await person.client.get('/api/auth/me')).statusCode).toBe(200);
    const earlier = copyOf(person.client);
    // Signing out tells every instance, even for a session whose row was gone already.
    expect((await person.client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await earlier.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses a signed-out cookie on the very next request', async () => {
    const person = await signUp(t.app);
    expect((await person.client.get('/api/auth/me')).statusCode).toBe(200);
    const earlier = copyOf(person.client);
    await person.client.post('/api/auth/logout');
    const after = await earlier.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
  });

  it("shows an administrator's change to the account on the person's next request", async () => {
    const admin = await signUp(t.app);
    await t.database.db.execute(
      sql`update users set is_admin = true where id = ${admin.user.id}::uuid`,
    );
    const person = await signUp(t.app);
    expect((await person.client.get('/api/auth/me')).json().user.subscriptionPlan).toBe('free');
    const changed = await admin.client.patch(`/api/admin/users/${person.user.id}`, {
      subscriptionPlan: 'pro',
    });
    expect(changed.statusCode).toBe(200);
    expect((await person.client.get('/api/auth/me')).json().user.subscriptionPlan).toBe('pro');
    expect((await admin.client.delete(`/api/admin/users/${person.user.id}`)).statusCode).toBe(200);
    expect((await person.client.get('/api/auth/me')).statusCode).toBe(401);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the session cache across two instances on one Redis', () => {
  let instances: Instances;
  beforeAll(async () => {
    // A minute of trust: only the change crossing Redis can explain a refusal within it.
    instances = await startInstances({
      count: 2,
      redisUrl: redisUrl ?? '',
      settings: { SESSION_CACHE_SECONDS: '60' },
    });
  });
  afterAll(() => instances.close());

  it('refuses on one instance a session signed out on the other', async () => {
    const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
    const person = await signUp(one);
    const onTwo = new TestClient(two);
    for (const [name, value] of person.client.cookies) onTwo.cookies.set(name, value);
    expect((await onTwo.get('/api/auth/me')).statusCode).toBe(200);
    await person.client.post('/api/auth/logout');
    // The change crosses Redis: within a second, where only it can explain a refusal (the
    // instance would otherwise trust the session for a minute).
    const deadline = Date.now() + 1_000;
    let status = (await onTwo.get('/api/auth/me')).statusCode;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await onTwo.get('/api/auth/me')).statusCode;
    }
    expect(status).toBe(401);
  });
});
