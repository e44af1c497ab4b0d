import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, expectUserBody, responseCookie, sessionCookie } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';

const HOUR_MS = 3_600_000;

describe('sessions: GET /api/auth/me and POST /api/auth/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a proxy that terminates https, cookies must be marked Secure.
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const sessionRows = (userId: string) =>
    t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

  it("ends the browser's previous session when it registers a new account", async () => {
    const first = await signUp(t.app);
    const oldToken = first.client.cookies.get('session_token');
    const second = await first.client.post('/api/auth/register', {
      email: `second-${Date.now()}@example.com`,
      password: 'another-password',
    });
    expect(second.statusCode).toBe(201);
    expect(first.client.cookies.get('session_token')).not.toBe(oldToken);
    expect(await sessionRows(first.user.id)).toHaveLength(0);

    const replay = new TestClient(t.app);
    replay.cookies.set('session_token', oldToken ?? '');
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
  });

  describe('GET /api/auth/me', () => {
    it('answers the signed-in user', async () => {
      const account = await signUp(t.app, { name: 'Katherine' });
      const response = await account.client.get('/api/auth/me');
      expect(response.statusCode).toBe(200);
      expect(expectUserBody(response)).toEqual(account.user);
    });

    it('answers 401 UNAUTHENTICATED when signed out', async () => {
      const response = await new TestClient(t.app).get('/api/auth/me');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'You need to sign in to do that',
        code: 'UNAUTHENTICATED',
      });
    });

    it('answers 401 to a made-up session cookie and clears it', async () => {
      const client = new TestClient(t.app);
      client.cookies.set('session_token', 'garbage-that-is-no-session');
      const response = await client.get('/api/auth/me');
      expectError(response, 401, 'UNAUTHENTICATED');
      expect(sessionCookie(response)?.value).toBe('');
      expect(client.cookies.has('session_token')).toBe(false);
    });

    it('ends a session past its absolute expiry and deletes it', async () => {
      const account = await signUp(t.app);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, account.user.id));

      expectError(await account.client.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
      expect(await sessionRows(account.user.id)).toHaveLength(0);
    });

    it('ends a session left idle longer than SESSION_IDLE_HOURS and deletes it', async () => {
      const account = await signUp(t.app);
      const idleMs = t.env.SESSION_IDLE_HOURS * HOUR_MS;
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - idleMs - 60_000) })
        .where(eq(sessions.userId, account.user.id));

      expectError(await account.client.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
      expect(await sessionRows(account.user.id)).toHaveLength(0);
    });

    it('keeps a session in use alive: a request restarts its idle clock', async () => {
      const account = await signUp(t.app);
      const idleMs = t.env.SESSION_IDLE_HOURS * HOUR_MS;
      const almostIdle = new Date(Date.now() - idleMs + 10 * 60_000);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: almostIdle })
        .where(eq(sessions.userId, account.user.id));

      expect((await account.client.get('/api/auth/me')).statusCode).toBe(200);
      const [row] = await sessionRows(account.user.id);
      expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('deletes the session: the old cookie replayed afterwards gets 401', async () => {
      const account = await signUp(t.app);
      const token = account.client.cookies.get('session_token')!;
      expect(await sessionRows(account.user.id)).toHaveLength(1);

      const response = await account.client.post('/api/auth/logout');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Logged out' });
      expect(sessionCookie(response)?.value).toBe('');
      expect(account.client.cookies.has('session_token')).toBe(false);

      expectError(await account.client.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
      const replay = new TestClient(t.app);
      replay.cookies.set('session_token', token);
      expectError(await replay.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
      expect(await sessionRows(account.user.id)).toHaveLength(0);
    });

    it('signs out only the browser that asked', async () => {
      const account = await signUp(t.app);
      const other = new TestClient(t.app);
      await other.post('/api/auth/login', { email: account.email, password: account.password });

      expect((await account.client.post('/api/auth/logout')).statusCode).toBe(200);
      expect((await account.client.get('/api/auth/me')).statusCode).toBe(401);
      expect((await other.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('answers 200 when already signed out', async () => {
      const client = new TestClient(t.app);
      const response = await client.post('/api/auth/logout');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Logged out' });
    });
  });

  it('marks the session and CSRF cookies Secure, with __Host- names, when served over https', async () => {
    const account = await signUp(t.app);
    const client = new TestClient(t.app);
    const https = { 'x-forwarded-proto': 'https' };
    // Over https the token lives in __Host-csrf_token (docs/decisions/0002), sent by hand here.
    await client.get('/api/auth/csrf', { headers: https });
    const response = await client.post(
      '/api/auth/login',
      { email: account.email, password: account.password },
      {
        withoutCsrf: true,
        headers: { ...https, 'x-csrf-token': client.cookies.get('__Host-csrf_token') ?? '' },
      },
    );
    expect(response.statusCode).toBe(200);
    expect(responseCookie(response, '__Host-session_token')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(sessionCookie(response)).toBeUndefined();

    const fresh = await new TestClient(t.app).get('/api/auth/csrf', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(responseCookie(fresh, '__Host-csrf_token')).toMatchObject({
      secure: true,
      sameSite: 'Lax',
    });
  });
});
