import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { stripeSignatureHeader } from '../../test/stripe-double-signature';
import { auditRows, onlyAuditRow } from './test-audit';

const WEBHOOK_SECRET = 'whsec_kiln_audit_secret';

describe('audit entries of plan and role changes', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      STRIPE_SECRET_KEY: 'sk_test_kiln',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kiln',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
      // Nothing here reaches Stripe's API: webhooks are checked by their signature alone.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    admin = await signUp(t.app);
    expect(admin.user.isAdmin).toBe(true);
  });
  afterAll(() => t.close());

  /** Delivers a subscription event for `userId`, signed as Stripe signs it. */
  const deliver = (eventId: string, userId: string, status: string) => {
    const payload = JSON.stringify({
      id: eventId,
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: 'sub_1',
          customer: 'cus_audit',
          status,
          metadata: { userId },
          items: { data: [{ price: { id: 'price_enterprise' } }] },
        },
      },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  };

  it('records a plan Stripe changed, with no actor, once however often the event comes', async () => {
    const customer = await signUp(t.app);
    for (let delivery = 0; delivery < 2; delivery += 1) {
      expect((await deliver('evt_audit_1', customer.user.id, 'active')).statusCode).toBe(200);
    }
    expect(
      await onlyAuditRow(t.database, 'billing.plan_changed', { targetId: customer.user.id }),
    ).toMatchObject({
      actorId: null,
      actorEmail: null,
      targetType: 'user',
      details: {
        subscriptionPlan: 'enterprise',
        subscriptionStatus: 'active',
        stripeEvent: 'evt_audit_1',
        stripeEventType: 'customer.subscription.updated',
      },
    });
  });

  it('records nothing for an event that changes no plan', async () => {
    const customer = await signUp(t.app);
    // `past_due` leaves the plan as it is (billing/service.ts).
    expect((await deliver('evt_audit_2', customer.user.id, 'past_due')).statusCode).toBe(200);
    expect(
      await auditRows(t.database, 'billing.plan_changed', { targetId: customer.user.id }),
    ).toEqual([]);
  });

  it("records an administrator's change to a user's plan, status and admin flag", async () => {
    const target = await signUp(t.app);
    const changes = { subscriptionPlan: 'pro', subscriptionStatus: 'free', isAdmin: true };
    const response = await admin.client.patch(`/api/admin/users/${target.user.id}`, changes);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      await onlyAuditRow(t.database, 'admin.user_updated', { targetId: target.user.id }),
    ).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.email,
      targetType: 'user',
      details: { email: target.email, ...changes },
    });
  });

  it("records an administrator's deletion of a user, keeping the email the account had", async () => {
    const target = await signUp(t.app);
    expect((await admin.client.delete(`/api/admin/users/${target.user.id}`)).statusCode).toBe(200);
    expect(
      await onlyAuditRow(t.database, 'admin.user_deleted', { targetId: target.user.id }),
    ).toMatchObject({ actorId: admin.user.id, details: { email: target.email } });
  });

  it('records nothing for a change that was refused', async () => {
    const member = await signUp(t.app);
    const target = await signUp(t.app);
    const forbidden = await member.client.patch(`/api/admin/users/${target.user.id}`, {
      isAdmin: true,
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await member.client.delete(`/api/admin/users/${target.user.id}`)).statusCode).toBe(403);
    const invalid = await admin.client.patch(`/api/admin/users/${target.user.id}`, {
      subscriptionPlan: 'platinum',
    });
    expect(invalid.statusCode).toBe(400);
    const ownDelete = await admin.client.delete(`/api/admin/users/${admin.user.id}`);
    expect(ownDelete.statusCode).toBe(400);
    for (const action of ['admin.user_updated', 'admin.user_deleted'] as const) {
      expect(await auditRows(t.database, action, { targetId: target.user.id })).toEqual([]);
      expect(await auditRows(t.database, action, { targetId: admin.user.id })).toEqual([]);
    }
  });
});
