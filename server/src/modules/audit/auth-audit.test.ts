import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { signUp, uniqueEmail } from '../../test/factories';
import { mailsTo, tokenFromMail } from '../../test/outbox';
import { allAuditText, auditRows, onlyAuditRow } from './test-audit';

describe('audit entries of signing in and out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_FAILURES_PER_ACCOUNT: '2',
    });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, client = new TestClient(t.app)) =>
    client.post('/api/auth/login', { email, password }, { remoteAddress: '203.0.113.7' });

  it('records a sign-up and a sign-in with the account and the address it came from', async () => {
    const account = await signUp(t.app, { remoteAddress: '198.51.100.4' });
    expect(
      await onlyAuditRow(t.database, 'auth.signed_up', { actorId: account.user.id }),
    ).toMatchObject({ actorEmail: account.email, ip: '198.51.100.4', details: {} });

    expect((await login(account.email, account.password)).statusCode).toBe(200);
    expect(
      await onlyAuditRow(t.database, 'auth.signed_in', { actorId: account.user.id }),
    ).toMatchObject({
      actorEmail: account.email,
      ip: '203.0.113.7',
      projectId: null,
      targetType: null,
    });
  });

  it('records a failed sign-in with the email typed and why, never the password', async () => {
    const account = await signUp(t.app);
    const wrongPassword = 'not-the-password-9b1c';
    const refused = await login(account.email.toUpperCase(), wrongPassword);
    expect(refused.statusCode).toBe(401);

    const [failure] = (await auditRows(t.database, 'auth.sign_in_failed')).filter(
      (row) => row.actorEmail === account.email,
    );
    expect(failure).toMatchObject({
      actorId: null,
      actorEmail: account.email,
      details: { reason: 'INVALID_CREDENTIALS' },
      ip: '203.0.113.7',
    });
    expect(await allAuditText(t.database)).not.toContain(wrongPassword);
    expect(await auditRows(t.database, 'auth.signed_in', { actorId: account.user.id })).toEqual([]);
  });

  it('records attempts at an unknown email and at a locked account alike', async () => {
    const ghost = uniqueEmail('ghost');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await login(ghost, `guess-${attempt}`);
    }
    const failures = (await auditRows(t.database, 'auth.sign_in_failed')).filter(
      (row) => row.actorEmail === ghost,
    );
    // Two wrong passwords lock the account (LOGIN_FAILURES_PER_ACCOUNT); the third is refused.
    expect(failures.map((row) => row.details.reason)).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'RATE_LIMITED',
    ]);
  });

  it('records a sign-out by whoever was signed in, and none for a browser already signed out', async () => {
    const account = await signUp(t.app);
    expect((await account.client.post('/api/auth/logout')).statusCode).toBe(200);
    expect(
      await onlyAuditRow(t.database, 'auth.signed_out', { actorId: account.user.id }),
    ).toMatchObject({ actorEmail: account.email });

    const before = (await auditRows(t.database, 'auth.signed_out')).length;
    expect((await account.client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await new TestClient(t.app).post('/api/auth/logout')).statusCode).toBe(200);
    expect(await auditRows(t.database, 'auth.signed_out')).toHaveLength(before);
  });

  it('records a password reset, never the new password nor the link', async () => {
    const account = await signUp(t.app);
    await new TestClient(t.app).post('/api/auth/password-reset/request', {
      email: account.email,
    });
    const [mail] = (await mailsTo(t, account.email)).filter(
      (message) => message.subject === 'Reset your Kiln password',
    );
    const token = tokenFromMail(mail!);
    const newPassword = 'a-brand-new-password-42';
    const reset = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      await onlyAuditRow(t.database, 'auth.password_reset', { actorId: account.user.id }),
    ).toMatchObject({ actorEmail: account.email, details: {} });
    const text = await allAuditText(t.database);
    expect(text).not.toContain(newPassword);
    expect(text).not.toContain(token);

    // A link used once is refused the second time, and that records no reset.
    const again = await new TestClient(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: 'another-password-77',
    });
    expect(again.statusCode).toBe(400);
    expect(
      await auditRows(t.database, 'auth.password_reset', { actorId: account.user.id }),
    ).toHaveLength(1);
  });
});
