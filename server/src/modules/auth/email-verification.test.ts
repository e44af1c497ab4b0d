import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, expectNoSecrets, expectUserBody } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { lastMailTo, mailsTo, readOutbox, tokenFromMail } from '../../test/outbox';

describe('email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const verificationToken = async (email: string) => tokenFromMail(await lastMailTo(t, email));
  const confirm = (client: TestClient, token: string) =>
    client.post('/api/auth/verify-email/confirm', { token });
  const isVerified = async (client: TestClient) =>
    expectUserBody(await client.get('/api/auth/me')).emailVerified;

  it('confirms the address with the token from the registration email', async () => {
    const account = await signUp(t.app);
    expect(account.user.emailVerified).toBe(false);
    const token = await verificationToken(account.email);

    const response = await confirm(account.client, token);
    expect(response.statusCode).toBe(200);
    const user = expectUserBody(response);
    expect(user).toMatchObject({ id: account.user.id, emailVerified: true });
    expectNoSecrets(response, [token]);
    expect(await isVerified(account.client)).toBe(true);
  });

  it('confirms from a browser that is not signed in (the link opened elsewhere)', async () => {
    const account = await signUp(t.app);
    const token = await verificationToken(account.email);
    const elsewhere = new TestClient(t.app);

    const response = await confirm(elsewhere, token);
    expect(response.statusCode).toBe(200);
    expect(expectUserBody(response).emailVerified).toBe(true);
    expect(await isVerified(account.client)).toBe(true);
    // Following the link proves the address; it does not sign that browser in.
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses the same token twice with 400 TOKEN_USED', async () => {
    const account = await signUp(t.app);
    const token = await verificationToken(account.email);
    expect((await confirm(account.client, token)).statusCode).toBe(200);

    expectError(await confirm(account.client, token), 400, 'TOKEN_USED');
  });

  it('refuses an expired token with 400 TOKEN_EXPIRED and leaves the address unverified', async () => {
    const account = await signUp(t.app);
    const token = await verificationToken(account.email);
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, account.user.id));

    expectError(await confirm(account.client, token), 400, 'TOKEN_EXPIRED');
    expect(await isVerified(account.client)).toBe(false);
  });

  it('refuses a made-up token with 400 INVALID_TOKEN', async () => {
    const account = await signUp(t.app);
    expectError(await confirm(account.client, 'not-a-real-token'), 400, 'INVALID_TOKEN');
    expect(await isVerified(account.client)).toBe(false);
  });

  it('refuses a missing token with 400 naming it', async () => {
    const response = await new TestClient(t.app).post('/api/auth/verify-email/confirm', {});
    expect(expectError(response, 400, 'VALIDATION_FAILED')).toMatch(/token/i);
  });

  it('does not accept a password-reset token as a verification token', async () => {
    const account = await signUp(t.app);
    await new TestClient(t.app).post('/api/auth/password-reset/request', { email: account.email });
    const resetMail = (await mailsTo(t, account.email)).find((mail) =>
      mail.link?.includes('/reset-password'),
    );
    expect(resetMail).toBeDefined();

    expectError(await confirm(account.client, tokenFromMail(resetMail!)), 400, 'INVALID_TOKEN');
    expect(await isVerified(account.client)).toBe(false);
  });

  describe('POST /api/auth/verify-email/request', () => {
    it('needs a signed-in user: 401 UNAUTHENTICATED and no mail', async () => {
      const before = (await readOutbox(t)).length;
      const response = await new TestClient(t.app).post('/api/auth/verify-email/request');
      expectError(response, 401, 'UNAUTHENTICATED');
      expect((await readOutbox(t)).length).toBe(before);
    });

    it('sends a new link, and the earlier link stops working', async () => {
      const account = await signUp(t.app);
      const firstToken = await verificationToken(account.email);

      const response = await account.client.post('/api/auth/verify-email/request');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: `We sent a verification link to ${account.email}.`,
      });
      const mails = await mailsTo(t, account.email);
      expect(mails).toHaveLength(2);
      const secondToken = mails.map(tokenFromMail).find((token) => token !== firstToken);
      expect(secondToken).toBeDefined();
      expectNoSecrets(response, [secondToken!]);

      const stale = await confirm(account.client, firstToken);
      expectError(stale, 400, 'INVALID_TOKEN');
      expect(stale.json<{ error: string }>().error).toContain('a newer one has replaced it');
      expect(await isVerified(account.client)).toBe(false);

      expect((await confirm(account.client, secondToken!)).statusCode).toBe(200);
      expect(await isVerified(account.client)).toBe(true);
    });

    it('answers 409 once the address is verified, and sends nothing', async () => {
      const account = await signUp(t.app);
      expect(
        (await confirm(account.client, await verificationToken(account.email))).statusCode,
      ).toBe(200);

      const response = await account.client.post('/api/auth/verify-email/request');
      expect(expectError(response, 409, 'CONFLICT')).toMatch(/already verified/i);
      expect(await mailsTo(t, account.email)).toHaveLength(1);
    });
  });
});
