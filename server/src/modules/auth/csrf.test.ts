import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, responseCookie, sessionCookie } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { countUsers, signUp, uniqueEmail } from '../../test/factories';

describe('CSRF double submit (DESIGN.md 3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/auth/csrf', () => {
    it('gives a new visitor a script-readable csrf_token cookie and answers the same token', async () => {
      const client = new TestClient(t.app);
      const response = await client.get('/api/auth/csrf');
      expect(response.statusCode).toBe(200);
      const cookie = responseCookie(response, 'csrf_token');
      expect(cookie?.value).toMatch(/^[\w-]{43}$/);
      expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
      expect(cookie?.httpOnly).toBeFalsy();
      expect(response.json()).toEqual({ csrfToken: cookie?.value });
    });

    it("answers the token of the browser's existing cookie and keeps it", async () => {
      const client = new TestClient(t.app);
      await client.get('/api/health');
      const token = client.cookies.get('csrf_token');
      const response = await client.get('/api/auth/csrf');
      expect(response.json()).toEqual({ csrfToken: token });
      expect(responseCookie(response, 'csrf_token')).toBeUndefined();
    });

    it('gives two browsers different tokens', async () => {
      const first = await new TestClient(t.app).get('/api/auth/csrf');
      const second = await new TestClient(t.app).get('/api/auth/csrf');
      expect(first.json()).not.toEqual(second.json());
    });
  });

  describe('a POST without the x-csrf-token header gets 403 CSRF_FAILED and changes nothing', () => {
    it('register', async () => {
      const before = await countUsers(t.database);
      const client = new TestClient(t.app);
      const email = uniqueEmail('csrf');
      const response = await client.post(
        '/api/auth/register',
        { email, password: 'secret1' },
        { withoutCsrf: true },
      );
      expectError(response, 403, 'CSRF_FAILED');
      expect(sessionCookie(response)).toBeUndefined();
      expect(await countUsers(t.database)).toBe(before);

      // The account really was not made: the same email can still register.
      expect(
        (await client.post('/api/auth/register', { email, password: 'secret1' })).statusCode,
      ).toBe(201);
    });

    it('login', async () => {
      const account = await signUp(t.app);
      const client = new TestClient(t.app);
      const response = await client.post(
        '/api/auth/login',
        { email: account.email, password: account.password },
        { withoutCsrf: true },
      );
      expectError(response, 403, 'CSRF_FAILED');
      expect(sessionCookie(response)).toBeUndefined();
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('logout', async () => {
      const account = await signUp(t.app);
      const response = await account.client.post('/api/auth/logout', undefined, {
        withoutCsrf: true,
      });
      expectError(response, 403, 'CSRF_FAILED');
      expect(account.client.cookies.has('session_token')).toBe(true);
      expect((await account.client.get('/api/auth/me')).statusCode).toBe(200);
    });
  });

  it('refuses a header that does not match the cookie', async () => {
    const account = await signUp(t.app);
    const response = await account.client.post('/api/auth/logout', undefined, {
      withoutCsrf: true,
      headers: { 'x-csrf-token': 'not-the-token' },
    });
    expectError(response, 403, 'CSRF_FAILED');
    expect((await account.client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it("refuses another browser's valid token", async () => {
    const account = await signUp(t.app);
    const other = new TestClient(t.app);
    await other.get('/api/auth/csrf');
    const response = await account.client.post('/api/auth/logout', undefined, {
      withoutCsrf: true,
      headers: { 'x-csrf-token': other.cookies.get('csrf_token')! },
    });
    expectError(response, 403, 'CSRF_FAILED');
    expect((await account.client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses a header sent without any csrf_token cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-csrf-token': 'forged-token' },
      payload: { email: uniqueEmail('nocookie'), password: 'secret1' },
    });
    expectError(response, 403, 'CSRF_FAILED');
  });

  it('checks a percent-encoded path that the router sends to an API route', async () => {
    const account = await signUp(t.app);
    const logout = await account.client.post('/%61pi/auth/logout', undefined, {
      withoutCsrf: true,
    });
    expectError(logout, 403, 'CSRF_FAILED');
    expect((await account.client.get('/api/auth/me')).statusCode).toBe(200);

    const stranger = new TestClient(t.app);
    const login = await stranger.post(
      '/%61pi/auth/%6Cogin',
      { email: account.email, password: account.password },
      { withoutCsrf: true },
    );
    expectError(login, 403, 'CSRF_FAILED');
    expect(sessionCookie(login)).toBeUndefined();
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)(
    'checks %s under /api too, before anything else answers',
    async (method) => {
      const client = new TestClient(t.app);
      await client.get('/api/auth/csrf');
      const response = await client.request(method, '/api/auth/me', { withoutCsrf: true });
      expectError(response, 403, 'CSRF_FAILED');
    },
  );

  it('needs no token for GET requests', async () => {
    const account = await signUp(t.app);
    const cookie = `session_token=${account.client.cookies.get('session_token')}`;
    for (const url of ['/api/auth/me', '/api/auth/users', '/api/auth/csrf']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
    }
  });
});
