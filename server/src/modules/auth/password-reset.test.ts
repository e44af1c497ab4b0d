import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, expectNoSecrets, expectUserBody, sessionCookie } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp, uniqueEmail } from '../../test/factories';
import { mailsTo, tokenFromMail, type OutboxMail } from '../../test/outbox';

const RESET_MESSAGE = 'If an account exists for that email, we sent a link to reset its password.';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const isResetMail = (mail: OutboxMail) => mail.subject === 'Reset your Kiln password';
  const resetMails = async (email: string) => (await mailsTo(t, email)).filter(isResetMail);

  /** Asks for a reset link as a signed-out visitor would, and answers the token of the new mail. */
  async function requestResetToken(email: string) {
    const earlier = new Set((await resetMails(email)).map(tokenFromMail));
    const response = await new TestClient(t.app).post('/api/auth/password-reset/request', {
      email,
    });
    expect(response.statusCode).toBe(200);
    const fresh = (await resetMails(email))
      .map(tokenFromMail)
      .filter((token) => !earlier.has(token));
    expect(fresh).toHaveLength(1);
    return fresh[0]!;
  }

  const login = (email: string, password: string, client = new TestClient(t.app)) =>
    client.post('/api/auth/login', { email, password });

  describe('POST /api/auth/password-reset/request', () => {
    it('answers a known and an unknown email alike, and mails only the known one', async () => {
      const account = await signUp(t.app);
      const unknown = uniqueEmail('ghost');

      const known = await new TestClient(t.app).post('/api/auth/password-reset/request', {
        email: account.email,
      });
      const stranger = await new TestClient(t.app).post('/api/auth/password-reset/request', {
        email: unknown,
      });

      expect(known.statusCode).toBe(200);
      expect(stranger.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: RESET_MESSAGE });
      expect(stranger.json()).toEqual({ message: RESET_MESSAGE });

      const mails = await resetMails(account.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.link).toMatch(/^http:\/\/kiln\.test\/reset-password\?token=[\w-]+$/);
      expectNoSecrets(known, [tokenFromMail(mails[0]!)]);
      expect(await mailsTo(t, unknown)).toHaveLength(0);
    });

    it('finds the account whatever the case of the email', async () => {
      const account = await signUp(t.app);
      await requestResetToken(` ${account.email.toUpperCase()} `);
      const mails = await resetMails(account.email);
      expect(mails).toHaveLength(1);
      // The mail goes to the address as the account holds it.
      expect(mails[0]!.to).toBe(account.email);
    });

    it('refuses a malformed email with 400 naming it', async () => {
      const response = await new TestClient(t.app).post('/api/auth/password-reset/request', {
        email: 'not-an-email',
      });
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toMatch(/email/i);
    });
  });

  describe('POST /api/auth/password-reset/confirm', () => {
    it('sets the new password: the old one fails and the new one works', async () => {
      const account = await signUp(t.app, { password: 'old-password' });
      const token = await requestResetToken(account.email);

      const response = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token,
        password: 'brand-new-password',
      });
      expect(response.statusCode).toBe(200);
      expect(expectUserBody(response).id).toBe(account.user.id);
      expectNoSecrets(response, [token]);

      expectError(await login(account.email, 'old-password'), 401, 'INVALID_CREDENTIALS');
      expect((await login(account.email, 'brand-new-password')).statusCode).toBe(200);
    });

    it("ends the account's other sessions and signs the resetting browser in", async () => {
      const account = await signUp(t.app);
      const laptop = new TestClient(t.app);
      expect((await login(account.email, account.password, laptop)).statusCode).toBe(200);
      const token = await requestResetToken(account.email);

      const resetting = new TestClient(t.app);
      const response = await resetting.post('/api/auth/password-reset/confirm', {
        token,
        password: 'after-the-reset',
      });
      expect(response.statusCode).toBe(200);
      expect(sessionCookie(response)?.value).toBeTruthy();

      expectError(await account.client.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
      expectError(await laptop.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
      const me = await resetting.get('/api/auth/me');
      expect(me.statusCode).toBe(200);
      expect(expectUserBody(me).id).toBe(account.user.id);
    });

    it('refuses the same token twice with 400 TOKEN_USED and keeps the first new password', async () => {
      const account = await signUp(t.app);
      const token = await requestResetToken(account.email);
      const client = new TestClient(t.app);
      const first = await client.post('/api/auth/password-reset/confirm', {
        token,
        password: 'first-choice',
      });
      expect(first.statusCode).toBe(200);

      const second = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token,
        password: 'second-choice',
      });
      expectError(second, 400, 'TOKEN_USED');
      expect(sessionCookie(second)).toBeUndefined();
      expect((await login(account.email, 'first-choice')).statusCode).toBe(200);
      expectError(await login(account.email, 'second-choice'), 401, 'INVALID_CREDENTIALS');
    });

    it('refuses an expired token with 400 TOKEN_EXPIRED and keeps the old password', async () => {
      const account = await signUp(t.app);
      const token = await requestResetToken(account.email);
      await t.database.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(
          and(eq(emailTokens.userId, account.user.id), eq(emailTokens.purpose, 'reset_password')),
        );

      const response = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token,
        password: 'too-late-now',
      });
      expectError(response, 400, 'TOKEN_EXPIRED');
      expect((await login(account.email, account.password)).statusCode).toBe(200);
      // Nobody was signed out by a refused reset.
      expect((await account.client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it('refuses a made-up token with 400 INVALID_TOKEN', async () => {
      const response = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token: 'made-up-token',
        password: 'whatever-long',
      });
      expectError(response, 400, 'INVALID_TOKEN');
    });

    it('does not accept an email-verification token', async () => {
      const account = await signUp(t.app);
      const verifyMail = (await mailsTo(t, account.email)).find((mail) => !isResetMail(mail));
      const response = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token: tokenFromMail(verifyMail!),
        password: 'hijacked-password',
      });
      expectError(response, 400, 'INVALID_TOKEN');
      expect((await login(account.email, account.password)).statusCode).toBe(200);
    });

    it('refuses a new password under 8 characters with 400 naming it, without spending the link', async () => {
      const account = await signUp(t.app);
      const token = await requestResetToken(account.email);

      const response = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token,
        password: '1234567',
      });
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toMatch(/password.*at least 8/i);
      expect((await login(account.email, account.password)).statusCode).toBe(200);

      const retry = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token,
        password: '12345678',
      });
      expect(retry.statusCode).toBe(200);
    });

    it('refuses a new password over 200 characters with 400 naming it', async () => {
      const account = await signUp(t.app);
      const token = await requestResetToken(account.email);
      const response = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token,
        password: 'p'.repeat(201),
      });
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toMatch(/password.*at most 200/i);
    });

    it('makes an earlier reset link stop working once a newer one is sent', async () => {
      const account = await signUp(t.app);
      const first = await requestResetToken(account.email);
      const second = await requestResetToken(account.email);
      expect(second).not.toBe(first);

      const stale = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
        token: first,
        password: 'from-the-old-link',
      });
      expect(stale.statusCode).toBe(400);
      expect((await login(account.email, account.password)).statusCode).toBe(200);
    });
  });
});
