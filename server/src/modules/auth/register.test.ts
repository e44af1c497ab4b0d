import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, expectNoSecrets, expectUserBody, sessionCookie } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { countUsers, signUp, uniqueEmail } from '../../test/factories';
import { lastMailTo, mailsTo, tokenFromMail } from '../../test/outbox';

/** An address of exactly `length` characters that is otherwise well formed. */
function emailOfLength(length: number) {
  const domain = '@example.com';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

describe('POST /api/auth/register', () => {
  let t: TestApp;
  let firstAccount: LightMyRequestResponse;

  beforeAll(async () => {
    // This file signs up more accounts in a minute than the per-IP budget allows one person;
    // rate-limit.test.ts covers that budget.
    t = await createTestApp({
      ADMIN_EMAILS: 'boss@example.com',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    // Registered before anything else, so it is the first account on an empty instance.
    firstAccount = await new TestClient(t.app).post('/api/auth/register', {
      email: uniqueEmail('founder'),
      password: 'founder-pass',
    });
  });
  afterAll(() => t.close());

  describe('the landing dialog shape { email, password, name? }', () => {
    it('creates the account and answers 201 with the public user', async () => {
      const email = uniqueEmail('dialog');
      const response = await new TestClient(t.app).post('/api/auth/register', {
        email,
        password: 'secret1',
        name: 'Ada Lovelace',
      });
      expect(response.statusCode).toBe(201);
      const user = expectUserBody(response);
      expect(user).toMatchObject({
        name: 'Ada Lovelace',
        username: null,
        email,
        subscriptionPlan: 'free',
        subscriptionStatus: 'free',
        isAdmin: false,
        emailVerified: false,
      });
      expect(Math.abs(Date.parse(user.createdAt) - Date.now())).toBeLessThan(60_000);
    });

    it('accepts a missing name and a password of exactly 6 characters', async () => {
      const response = await new TestClient(t.app).post('/api/auth/register', {
        email: uniqueEmail('noname'),
        password: 'abcdef',
      });
      expect(response.statusCode).toBe(201);
      expect(expectUserBody(response).name).toBeNull();
    });
  });

  describe('the register screen shape { username, email, password }', () => {
    it('creates the account with its username and answers 201', async () => {
      const email = uniqueEmail('screen');
      const response = await new TestClient(t.app).post('/api/auth/register', {
        username: 'grace.hopper',
        email,
        password: 'eight-ch',
      });
      expect(response.statusCode).toBe(201);
      expect(expectUserBody(response)).toMatchObject({
        username: 'grace.hopper',
        // The screen asks for no name; the username is what the dashboard greets.
        name: 'grace.hopper',
        email,
        subscriptionPlan: 'free',
        subscriptionStatus: 'free',
        isAdmin: false,
        emailVerified: false,
      });
    });

    it('refuses a username that is already taken, whatever its case, and creates nothing', async () => {
      const first = await new TestClient(t.app).post('/api/auth/register', {
        username: 'Linus_T',
        email: uniqueEmail('linus'),
        password: 'penguins!',
      });
      expect(first.statusCode).toBe(201);
      const before = await countUsers(t.database);

      const client = new TestClient(t.app);
      const second = await client.post('/api/auth/register', {
        username: 'linus_t',
        email: uniqueEmail('other'),
        password: 'penguins!',
      });
      expect(expectError(second, 409, 'USERNAME_TAKEN')).toMatch(/username/i);
      expect(await countUsers(t.database)).toBe(before);
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    });
  });

  it('signs the new account in: GET /api/auth/me answers it right away', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/register', {
      email: uniqueEmail('signedin'),
      password: 'secret1',
    });
    const created = expectUserBody(response);
    expect(sessionCookie(response)?.value).toBeTruthy();

    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(expectUserBody(me)).toEqual(created);
  });

  it('trims the email and treats its case as insignificant: a second sign-up gets 409 EMAIL_TAKEN', async () => {
    const local = uniqueEmail('foo').split('@')[0]!;
    const mixed = `${local.toUpperCase()}@Example.com`;
    const first = await new TestClient(t.app).post('/api/auth/register', {
      email: `  ${mixed}  `,
      password: 'secret1',
    });
    expect(first.statusCode).toBe(201);
    expect(expectUserBody(first).email.toLowerCase()).toBe(`${local}@example.com`);
    expect(expectUserBody(first).email).not.toMatch(/\s/);
    const before = await countUsers(t.database);

    const client = new TestClient(t.app);
    const second = await client.post('/api/auth/register', {
      email: `${local}@example.com`,
      password: 'another1',
      name: 'Impostor',
    });
    expect(expectError(second, 409, 'EMAIL_TAKEN')).toBe(
      'An account with this email already exists. Try signing in.',
    );
    expect(await countUsers(t.database)).toBe(before);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);

    // The screen shape is held to the same rule.
    const screen = await new TestClient(t.app).post('/api/auth/register', {
      username: `u${local.replace(/[^a-z0-9]/g, '').slice(0, 20)}`,
      email: ` ${local.toUpperCase()}@EXAMPLE.COM`,
      password: 'long-enough',
    });
    expectError(screen, 409, 'EMAIL_TAKEN');
  });

  describe('validation: 400 VALIDATION_FAILED naming the field, and no account created', () => {
    const cases: Array<{ label: string; body: Record<string, unknown>; message: RegExp }> = [
      { label: 'a missing email', body: { password: 'secret1' }, message: /email is required/i },
      {
        label: 'a malformed email',
        body: { email: 'not-an-email', password: 'secret1' },
        message: /valid email/i,
      },
      {
        label: 'an email longer than 254 characters',
        body: { email: emailOfLength(255), password: 'secret1' },
        message: /email.*254/i,
      },
      {
        label: 'a 5-character password on the dialog (minimum 6)',
        body: { email: 'short-dialog@example.com', password: '12345' },
        message: /password.*at least 6/i,
      },
      {
        label: 'a 7-character password on the screen (minimum 8)',
        body: { username: 'shorty', email: 'short-screen@example.com', password: '1234567' },
        message: /password.*at least 8/i,
      },
      {
        label: 'a password longer than 200 characters',
        body: { email: 'long-password@example.com', password: 'p'.repeat(201) },
        message: /password.*at most 200/i,
      },
      {
        label: 'a name longer than 100 characters',
        body: { email: 'long-name@example.com', password: 'secret1', name: 'n'.repeat(101) },
        message: /name.*at most 100/i,
      },
      {
        label:
          'a username with characters other than letters, digits, dots, dashes and underscores',
        body: { username: 'bad name!', email: 'bad-username@example.com', password: 'long-enough' },
        message: /username/i,
      },
      {
        label: 'a screen payload without a password',
        body: { username: 'nopass', email: 'no-password@example.com' },
        message: /password is required/i,
      },
    ];

    it.each(cases)('refuses $label', async ({ body, message }) => {
      const before = await countUsers(t.database);
      const client = new TestClient(t.app);
      const response = await client.post('/api/auth/register', body);
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toMatch(message);
      expect(sessionCookie(response)).toBeUndefined();
      expect(await countUsers(t.database)).toBe(before);
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    });

    it('accepts the limits themselves: a 254-character email, a 200-character password, a 100-character name', async () => {
      const response = await new TestClient(t.app).post('/api/auth/register', {
        email: emailOfLength(254),
        password: 'p'.repeat(200),
        name: 'n'.repeat(100),
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('accepts a screen password of exactly 8 characters', async () => {
      const response = await new TestClient(t.app).post('/api/auth/register', {
        username: 'exactly8',
        email: uniqueEmail('eight'),
        password: '12345678',
      });
      expect(response.statusCode, response.body).toBe(201);
    });
  });

  describe('administrators', () => {
    it('makes the first account on an empty instance an administrator', () => {
      expect(firstAccount.statusCode).toBe(201);
      expect(expectUserBody(firstAccount).isAdmin).toBe(true);
    });

    it('does not make later accounts administrators', async () => {
      const { user } = await signUp(t.app);
      expect(user.isAdmin).toBe(false);
    });

    it('makes an email listed in ADMIN_EMAILS an administrator, matched without regard to case', async () => {
      const response = await new TestClient(t.app).post('/api/auth/register', {
        email: ' Boss@Example.COM ',
        password: 'secret1',
      });
      expect(response.statusCode).toBe(201);
      expect(expectUserBody(response).isAdmin).toBe(true);
    });
  });

  it('sends a verification email whose token never appears in the response', async () => {
    const email = uniqueEmail('mail');
    const response = await new TestClient(t.app).post('/api/auth/register', {
      email,
      password: 'secret1',
    });
    expect(response.statusCode).toBe(201);

    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe('Verify your Kiln email address');
    expect(mail.link).toMatch(/^http:\/\/kiln\.test\/verify-email\?token=[\w-]+$/);
    expect(mail.text).toContain(mail.link);
    expectNoSecrets(response, [tokenFromMail(mail)]);
  });
});
