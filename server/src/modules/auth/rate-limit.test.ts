import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, sessionCookie } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { countUsers, signUp, uniqueEmail } from '../../test/factories';
import { mailsTo, tokenFromMail } from '../../test/outbox';

const PER_IP = 3;

let addressCount = 0;
/** A client address no other request in this file has used, so its per-IP budget is whole. */
function freshAddress() {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

/** 429 RATE_LIMITED with a Retry-After in whole seconds, at most `maxSeconds`. */
function expectRateLimited(response: LightMyRequestResponse, maxSeconds: number) {
  const message = expectError(response, 429, 'RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return message;
}

describe('rate limits on the auth endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: String(PER_IP) });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress = freshAddress()) =>
    new TestClient(t.app).post('/api/auth/login', { email, password }, { remoteAddress });

  describe('per IP address', () => {
    it('limits sign-in attempts from one address, and not from another', async () => {
      const account = await signUp(t.app, { remoteAddress: freshAddress() });
      const busy = freshAddress();
      for (let attempt = 0; attempt < PER_IP; attempt += 1) {
        const response = await login(uniqueEmail('guess'), 'guessing', busy);
        expectError(response, 401, 'INVALID_CREDENTIALS');
      }

      // Over the budget even the right password is refused from that address...
      const limited = await login(account.email, account.password, busy);
      expectRateLimited(limited, 60);
      expect(sessionCookie(limited)).toBeUndefined();

      // ...while the same person elsewhere is not affected.
      expect((await login(account.email, account.password, freshAddress())).statusCode).toBe(200);
    });

    it('limits registrations from one address, and not from another', async () => {
      const busy = freshAddress();
      for (let attempt = 0; attempt < PER_IP; attempt += 1) {
        await signUp(t.app, { remoteAddress: busy });
      }
      const before = await countUsers(t.database);

      const client = new TestClient(t.app);
      const limited = await client.post(
        '/api/auth/register',
        { email: uniqueEmail('one-too-many'), password: 'secret1' },
        { remoteAddress: busy },
      );
      expectRateLimited(limited, 60);
      expect(await countUsers(t.database)).toBe(before);
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);

      await signUp(t.app, { remoteAddress: freshAddress() });
      expect(await countUsers(t.database)).toBe(before + 1);
    });

    it('limits password-reset requests from one address, and sends nothing over the budget', async () => {
      const account = await signUp(t.app, { remoteAddress: freshAddress() });
      const busy = freshAddress();
      const request = (email: string, remoteAddress: string) =>
        new TestClient(t.app).post(
          '/api/auth/password-reset/request',
          { email },
          { remoteAddress },
        );
      for (let attempt = 0; attempt < PER_IP; attempt += 1) {
        expect((await request(uniqueEmail('probe'), busy)).statusCode).toBe(200);
      }
      const mailsBefore = (await mailsTo(t, account.email)).length;

      expectRateLimited(await request(account.email, busy), 60);
      expect(await mailsTo(t, account.email)).toHaveLength(mailsBefore);

      expect((await request(account.email, freshAddress())).statusCode).toBe(200);
      expect(await mailsTo(t, account.email)).toHaveLength(mailsBefore + 1);
    });
  });

  describe('per account', () => {
    const lockoutSeconds = () => t.env.LOGIN_LOCKOUT_MINUTES * 60;

    /** Fails to sign in as many times as it takes to lock the account, each from a new address. */
    async function lockOut(email: string) {
      for (let attempt = 0; attempt < t.env.LOGIN_FAILURES_PER_ACCOUNT; attempt += 1) {
        expectError(await login(email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
      }
    }

    it('locks an account after LOGIN_FAILURES_PER_ACCOUNT failures, even against the right password', async () => {
      const account = await signUp(t.app, { remoteAddress: freshAddress() });
      await lockOut(account.email);

      const locked = await login(account.email, account.password);
      expect(expectRateLimited(locked, lockoutSeconds())).toMatch(/too many failed sign-in/i);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(lockoutSeconds() - 60);
      expect(sessionCookie(locked)).toBeUndefined();

      // The lock follows the account, whatever the case of the email typed.
      expectRateLimited(
        await login(account.email.toUpperCase(), account.password),
        lockoutSeconds(),
      );
    });

    it('does not lock another account', async () => {
      const victim = await signUp(t.app, { remoteAddress: freshAddress() });
      const bystander = await signUp(t.app, { remoteAddress: freshAddress() });
      await lockOut(victim.email);

      expect((await login(bystander.email, bystander.password)).statusCode).toBe(200);
    });

    it('lifts the lock once LOGIN_LOCKOUT_MINUTES have passed', async () => {
      const account = await signUp(t.app, { remoteAddress: freshAddress() });
      await lockOut(account.email);
      expectRateLimited(await login(account.email, account.password), lockoutSeconds());

      await t.database.db
        .update(loginFailures)
        .set({ windowStartedAt: new Date(Date.now() - (lockoutSeconds() + 60) * 1000) })
        .where(eq(loginFailures.emailKey, account.email.toLowerCase()));

      expect((await login(account.email, account.password)).statusCode).toBe(200);
    });

    it('starts counting afresh after a successful sign-in', async () => {
      const account = await signUp(t.app, { remoteAddress: freshAddress() });
      const almost = t.env.LOGIN_FAILURES_PER_ACCOUNT - 1;
      for (let attempt = 0; attempt < almost; attempt += 1) {
        expectError(await login(account.email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
      }
      expect((await login(account.email, account.password)).statusCode).toBe(200);
      for (let attempt = 0; attempt < almost; attempt += 1) {
        expectError(await login(account.email, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
      }
      expect((await login(account.email, account.password)).statusCode).toBe(200);
    });

    it('lifts the lock when the password is reset', async () => {
      const account = await signUp(t.app, { remoteAddress: freshAddress() });
      await lockOut(account.email);

      await new TestClient(t.app).post(
        '/api/auth/password-reset/request',
        { email: account.email },
        { remoteAddress: freshAddress() },
      );
      const resetMail = (await mailsTo(t, account.email)).find((mail) =>
        mail.link?.includes('/reset-password'),
      );
      const confirm = await new TestClient(t.app).post(
        '/api/auth/password-reset/confirm',
        { token: tokenFromMail(resetMail!), password: 'a-fresh-start' },
        { remoteAddress: freshAddress() },
      );
      expect(confirm.statusCode).toBe(200);

      expect((await login(account.email, 'a-fresh-start')).statusCode).toBe(200);
    });
  });
});
