import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, responseCookie } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp, uniqueEmail } from '../../test/factories';
import { mailsTo, tokenFromMail } from '../../test/outbox';

const CSRF_MESSAGE =
  'Security check failed: reload the page and try again (missing or invalid CSRF token)';

describe('CSRF tokens bound to the session (docs/decisions/0002)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Sends `token` as both the csrf_token cookie and the header, as a planted pair would be. */
  const postWithToken = (client: TestClient, url: string, token: string, body?: unknown) => {
    client.cookies.set('csrf_token', token);
    return client.post(url, body, { withoutCsrf: true, headers: { 'x-csrf-token': token } });
  };

  const expectRefused = (response: Awaited<ReturnType<TestClient['post']>>) => {
    expect(expectError(response, 403, 'CSRF_FAILED')).toBe(CSRF_MESSAGE);
  };

  const createProject = (client: TestClient, name = 'Bound') =>
    client.post('/api/projects', { name });

  describe('a pair that was not issued for this session fails', () => {
    it("session A's token, cookie and header both, in session B", async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const tokenOfA = a.client.cookies.get('csrf_token')!;
      expect((await createProject(a.client)).statusCode).toBe(201);

      expectRefused(await postWithToken(b.client, '/api/projects', tokenOfA, { name: 'Forged' }));
      expectRefused(await postWithToken(b.client, '/api/auth/logout', tokenOfA));
      expect((await b.client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('an attacker-chosen value in a signed-in browser', async () => {
      const victim = await signUp(t.app);
      const planted = 'attacker-chosen-value-of-the-right-shape-00';
      expect(planted).toMatch(/^[\w-]{43}$/);
      expectRefused(await postWithToken(victim.client, '/api/auth/logout', planted));
      expect((await victim.client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('a token minted for a signed-out visitor, even with its pre-session cookie', async () => {
      const victim = await signUp(t.app);
      const attacker = new TestClient(t.app);
      const minted = (await attacker.get('/api/auth/csrf')).json<{ csrfToken: string }>();
      expectRefused(await postWithToken(victim.client, '/api/auth/logout', minted.csrfToken));

      victim.client.cookies.set('csrf_presession', attacker.cookies.get('csrf_presession')!);
      expectRefused(await postWithToken(victim.client, '/api/auth/logout', minted.csrfToken));
      expect((await victim.client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it("another signed-out browser's token on the login form", async () => {
      const account = await signUp(t.app);
      const other = new TestClient(t.app);
      const { csrfToken } = (await other.get('/api/auth/csrf')).json<{ csrfToken: string }>();
      const visitor = new TestClient(t.app);
      await visitor.get('/api/health');
      const response = await postWithToken(visitor, '/api/auth/login', csrfToken, {
        email: account.email,
        password: account.password,
      });
      expectRefused(response);
      expect(responseCookie(response, 'session_token')).toBeUndefined();
    });
  });

  describe('signed-out forms work with their pre-session token', () => {
    it('gives a new visitor an HttpOnly pre-session cookie next to the readable token', async () => {
      const response = await new TestClient(t.app).get('/api/auth/csrf');
      expect(responseCookie(response, 'csrf_presession')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(responseCookie(response, 'csrf_presession')?.value).toMatch(/^[\w-]{43}$/);
      expect(responseCookie(response, 'csrf_token')?.httpOnly).toBeFalsy();
    });

    it('register, then login from another browser, each with the token it was given', async () => {
      const email = uniqueEmail('presession');
      const registering = new TestClient(t.app);
      const { csrfToken } = (await registering.get('/api/auth/csrf')).json<{ csrfToken: string }>();
      const registered = await registering.post(
        '/api/auth/register',
        { email, password: 'secret-password' },
        { withoutCsrf: true, headers: { 'x-csrf-token': csrfToken } },
      );
      expect(registered.statusCode).toBe(201);

      const login = new TestClient(t.app);
      await login.get('/');
      const signedIn = await login.post('/api/auth/login', { email, password: 'secret-password' });
      expect(signedIn.statusCode).toBe(200);
    });
  });

  describe('rotation', () => {
    it('at sign-in: the answer carries a new token, the old one stops working', async () => {
      const account = await signUp(t.app);
      const client = new TestClient(t.app);
      const before = (await client.get('/api/auth/csrf')).json<{ csrfToken: string }>().csrfToken;

      const login = await client.post('/api/auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(login.statusCode).toBe(200);
      const after = responseCookie(login, 'csrf_token')?.value;
      expect(after).toMatch(/^[\w-]{43}$/);
      expect(after).not.toBe(before);

      // The client's next request uses the new one (the e2e sign-in → create project path).
      expect((await createProject(client)).statusCode).toBe(201);
      expect((await client.get('/api/auth/csrf')).json()).toEqual({ csrfToken: after });
      expectRefused(await postWithToken(client, '/api/projects', before, { name: 'Stale' }));
    });

    it('at registration', async () => {
      const client = new TestClient(t.app);
      const before = (await client.get('/api/auth/csrf')).json<{ csrfToken: string }>().csrfToken;
      const response = await client.post('/api/auth/register', {
        email: uniqueEmail('rotate'),
        password: 'secret-password',
      });
      expect(response.statusCode).toBe(201);
      expect(responseCookie(response, 'csrf_token')?.value).not.toBe(before);
      expect((await createProject(client)).statusCode).toBe(201);
      expectRefused(await postWithToken(client, '/api/projects', before, { name: 'Stale' }));
    });

    it('at the sign-in that confirms a password reset', async () => {
      const account = await signUp(t.app);
      await new TestClient(t.app).post('/api/auth/password-reset/request', {
        email: account.email,
      });
      const [mail] = (await mailsTo(t, account.email)).filter(
        (m) => m.subject === 'Reset your Kiln password',
      );
      const client = new TestClient(t.app);
      const before = (await client.get('/api/auth/csrf')).json<{ csrfToken: string }>().csrfToken;
      const response = await client.post('/api/auth/password-reset/confirm', {
        token: tokenFromMail(mail!),
        password: 'brand-new-password',
      });
      expect(response.statusCode).toBe(200);
      expect(responseCookie(response, 'csrf_token')?.value).not.toBe(before);
      expect((await createProject(client)).statusCode).toBe(201);
      expectRefused(await postWithToken(client, '/api/projects', before, { name: 'Stale' }));
    });

    it('at sign-out: the signed-in token no longer works, the new one does', async () => {
      const account = await signUp(t.app);
      const signedInToken = account.client.cookies.get('csrf_token')!;
      const presessionBefore = account.client.cookies.get('csrf_presession');

      const logout = await account.client.post('/api/auth/logout');
      expect(logout.statusCode).toBe(200);
      const after = responseCookie(logout, 'csrf_token')?.value;
      expect(after).toMatch(/^[\w-]{43}$/);
      expect(after).not.toBe(signedInToken);
      expect(account.client.cookies.get('csrf_presession')).not.toBe(presessionBefore);

      const credentials = { email: account.email, password: account.password };
      expectRefused(
        await postWithToken(account.client, '/api/auth/login', signedInToken, credentials),
      );
      expect(
        (await postWithToken(account.client, '/api/auth/login', after!, credentials)).statusCode,
      ).toBe(200);
    });

    it('when the session is found dead: the 401 carries a token the login form can use', async () => {
      const account = await signUp(t.app);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, account.user.id));
      const stale = account.client.cookies.get('csrf_token');

      const me = await account.client.get('/api/auth/me');
      expectError(me, 401, 'UNAUTHENTICATED');
      expect(responseCookie(me, 'csrf_token')?.value).not.toBe(stale);

      const login = await account.client.post('/api/auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(login.statusCode).toBe(200);
    });
  });
});
