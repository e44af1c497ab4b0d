import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { SmtpStandIn } from '../../test/smtp-stand-in';

/** A port nothing listens on yet: the mail server is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail while the mail server is down', () => {
  const smtp = new SmtpStandIn();
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('signs the person up at once and delivers the link when the server comes back', async () => {
    await t.settled();
    const delayedBefore = (await t.app.jobs.counts()).delayed;
    const { email, client } = await signUp(t.app);
    // The first try fails on the closed port and is scheduled again, not lost.
    await expect
      .poll(async () => (await t.app.jobs.counts()).delayed, { timeout: 5_000 })
      .toBe(delayedBefore + 1);
    expect(smtp.received).toHaveLength(0);

    await smtp.listen(port);
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
    expect(smtp.received[0]!.to).toEqual([email]);
    expect(smtp.received[0]!.data).toMatch(/verify-email\?token=/);

    // A password reset asked for meanwhile goes the same way, once.
    const reset = await client.post('/api/auth/password-reset/request', { email });
    expect(reset.statusCode).toBe(200);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(2);
    expect(smtp.received[1]!.data).toMatch(/reset-password\?token=/);
  }, 60_000);
});
