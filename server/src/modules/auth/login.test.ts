import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, expectUserBody, sessionCookie } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp, uniqueEmail } from '../../test/factories';

const INVALID_CREDENTIALS = { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };

describe('POST /api/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs in with the right password and answers 200 with the public user', async () => {
    const account = await signUp(t.app, { name: 'Margaret' });
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
    expect(expectUserBody(response)).toEqual(account.user);

    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(expectUserBody(me).id).toBe(account.user.id);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, for the whole site', async () => {
    const account = await signUp(t.app);
    const response = await new TestClient(t.app).post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    const cookie = sessionCookie(response);
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // It outlives the browser session, up to the absolute expiry (SESSION_MAX_DAYS).
    expect(cookie?.maxAge).toBe(t.env.SESSION_MAX_DAYS * 86_400);
    // Served over plain http here, so the cookie must not demand https (session.test.ts covers https).
    expect(cookie?.secure).toBeFalsy();
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/session_token=[^;]+;[^,]*HttpOnly/i);
    expect(header).toMatch(/session_token=[^;]+;[^,]*SameSite=Lax/i);
  });

  it('issues a new session token on every sign-in and ends the one the browser held', async () => {
    const account = await signUp(t.app);
    const client = account.client;
    const before = client.cookies.get('session_token');
    expect(before).toBeTruthy();

    const response = await client.post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
    const after = client.cookies.get('session_token');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);

    const replay = new TestClient(t.app);
    replay.cookies.set('session_token', before!);
    expectError(await replay.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
  });

  it('leaves the account signed in on another browser', async () => {
    const account = await signUp(t.app);
    const laptop = new TestClient(t.app);
    const phone = new TestClient(t.app);
    const credentials = { email: account.email, password: account.password };
    expect((await laptop.post('/api/auth/login', credentials)).statusCode).toBe(200);
    expect((await phone.post('/api/auth/login', credentials)).statusCode).toBe(200);

    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(200);
    expect(laptop.cookies.get('session_token')).not.toBe(phone.cookies.get('session_token'));
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    const account = await signUp(t.app);
    const client = new TestClient(t.app);

    const wrongPassword = await client.post('/api/auth/login', {
      email: account.email,
      password: 'not-the-password',
    });
    const unknownEmail = await client.post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: account.password,
    });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CREDENTIALS);
      expect(sessionCookie(response)).toBeUndefined();
    }
    expectError(await client.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
  });

  it('does not let the password of one account open another', async () => {
    const alice = await signUp(t.app, { password: 'alice-secret' });
    const bob = await signUp(t.app, { password: 'bob-secret' });
    const response = await new TestClient(t.app).post('/api/auth/login', {
      email: bob.email,
      password: alice.password,
    });
    expect(response.json()).toEqual(INVALID_CREDENTIALS);
  });

  it('matches the email without regard to case or surrounding spaces', async () => {
    const account = await signUp(t.app, { email: uniqueEmail('Mixed.Case') });
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/login', {
      email: `  ${account.email.toUpperCase()} `,
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
    expect(expectUserBody(response).id).toBe(account.user.id);
  });

  it('treats the password as case-sensitive', async () => {
    const account = await signUp(t.app, { password: 'CaseMatters' });
    const response = await new TestClient(t.app).post('/api/auth/login', {
      email: account.email,
      password: 'casematters',
    });
    expect(response.json()).toEqual(INVALID_CREDENTIALS);
  });

  it.each([
    { label: 'a missing email', body: { password: 'whatever' }, message: /email/i },
    {
      label: 'a malformed email',
      body: { email: 'nope', password: 'whatever' },
      message: /valid email/i,
    },
    { label: 'a missing password', body: { email: 'a@example.com' }, message: /password/i },
    {
      label: 'an empty password',
      body: { email: 'a@example.com', password: '' },
      message: /password is required/i,
    },
  ])('refuses $label with 400 naming the field', async ({ body, message }) => {
    const response = await new TestClient(t.app).post('/api/auth/login', body);
    expect(expectError(response, 400, 'VALIDATION_FAILED')).toMatch(message);
    expect(sessionCookie(response)).toBeUndefined();
  });
});
