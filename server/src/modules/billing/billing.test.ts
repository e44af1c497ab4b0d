import type { User } from '@kiln/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { startStripeDouble } from '../../test/stripe-double';
import { stripeSignatureHeader } from '../../test/stripe-double-signature';
import { STRIPE_API_VERSION } from './stripe-client';

const WEBHOOK_SECRET = 'whsec_kiln_test_secret';

const me = async (client: TestClient) =>
  (await client.get('/api/auth/me')).json<{ user: User }>().user;

describe('billing without Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the subscribe page no publishable key', async () => {
    const response = await new TestClient(t.app).get('/api/billing/config');
    expect(response.json()).toEqual({ publishableKey: null });
  });

  it('answers 503 to a checkout, and 401 before that to a signed-out caller', async () => {
    const stranger = new TestClient(t.app);
    expectError(
      await stranger.post('/api/create-subscription', { plan: 'pro' }),
      401,
      'UNAUTHENTICATED',
    );
    const { client } = await signUp(t.app);
    const message = expectError(
      await client.post('/api/create-subscription', { plan: 'pro' }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    expect(message).toBe(
      'Payments are not set up on this server yet. Please try again later or contact support.',
    );
  });

  it('answers 503 to a webhook delivery', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(503);
  });
});

describe('billing with Stripe', () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startStripeDouble>>;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      STRIPE_SECRET_KEY: 'sk_test_kiln',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kiln',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A delivery as Stripe makes it: JSON body, signed `Stripe-Signature` header. */
  const signedDelivery = (
    event: unknown,
    options: { secret?: string; at?: number; scheme?: string } = {},
  ) => {
    const payload = JSON.stringify(event);
    const header = stripeSignatureHeader({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.at,
      scheme: options.scheme,
    });
    return { payload, header };
  };

  const send = (delivery: { payload: string; header: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.header },
      payload: delivery.payload,
    });

  /** Delivers an event as Stripe does, signed now unless told otherwise. */
  const deliver = (
    event: unknown,
    options: { secret?: string; at?: number; scheme?: string } = {},
  ) => send(signedDelivery(event, options));

  afterEach(() => {
    vi.useRealTimers();
  });

  const subscriptionEvent = (
    id: string,
    type: string,
    userId: string,
    status: string,
    price = 'price_pro',
  ) => ({
    id,
    type,
    data: {
      object: {
        id: 'sub_1',
        customer: 'cus_x',
        status,
        metadata: { userId },
        items: { data: [{ price: { id: price } }] },
      },
    },
  });

  it('gives the subscribe page the publishable key, and lets Stripe.js load', async () => {
    const response = await new TestClient(t.app).get('/api/billing/config');
    expect(response.json()).toEqual({ publishableKey: 'pk_test_kiln' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('https://js.stripe.com');
  });

  it('validates the plan and needs the CSRF header', async () => {
    const { client } = await signUp(t.app);
    const bad = expectError(
      await client.post('/api/create-subscription', { plan: 'free' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(bad).toContain('plan must be pro or enterprise');
    expectError(await client.post('/api/create-subscription', {}), 400, 'VALIDATION_FAILED');
    expectError(
      await client.post('/api/create-subscription', { plan: 'pro' }, { withoutCsrf: true }),
      403,
      'CSRF_FAILED',
    );
  });

  it('starts a checkout: one customer per user, an incomplete subscription, the plan unchanged', async () => {
    const { client, user, email } = await signUp(t.app);
    const before = stripe.calls.length;
    const first = await client.post('/api/create-subscription', { plan: 'pro' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ clientSecret: string }>().clientSecret).toMatch(/^pi_test\d+_secret_abc$/);

    const [customer, subscription] = stripe.calls.slice(before);
    expect(customer?.path).toBe('/v1/customers');
    expect(customer?.authorization).toBe('Bearer sk_test_kiln');
    expect(customer?.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(customer?.idempotencyKey).toBe(`kiln-customer-${user.id}`);
    expect(customer?.form.get('email')).toBe(email);
    expect(customer?.form.get('metadata[userId]')).toBe(user.id);
    expect(subscription?.path).toBe('/v1/subscriptions');
    expect(subscription?.form.get('items[0][price]')).toBe('price_pro');
    expect(subscription?.form.get('payment_behavior')).toBe('default_incomplete');
    expect(subscription?.form.get('payment_settings[save_default_payment_method]')).toBe(
      'on_subscription',
    );
    expect(subscription?.form.get('metadata[userId]')).toBe(user.id);
    expect(subscription?.form.get('metadata[plan]')).toBe('pro');
    // The current API versions send the payment's secret on the invoice, and only when asked.
    const expansions = [...(subscription?.form ?? [])].filter(([key]) => key.startsWith('expand'));
    expect(expansions.map(([, path]) => path)).toEqual(['latest_invoice.confirmation_secret']);
    expect(subscription?.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(subscription?.idempotencyKey).toMatch(/^kiln-subscription-/);

    const second = await client.post('/api/create-subscription', { plan: 'enterprise' });
    expect(second.statusCode).toBe(200);
    const again = stripe.calls.slice(before + 2);
    expect(again.map((call) => call.path)).toEqual(['/v1/subscriptions']);
    expect(again[0]?.form.get('customer')).toMatch(/^cus_test\d+$/);
    expect(again[0]?.form.get('customer')).toBe(subscription?.form.get('customer'));
    expect(again[0]?.form.get('items[0][price]')).toBe('price_enterprise');

    // Only a verified Stripe event changes a plan (decision 0010).
    expect(await me(client)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'free',
    });
  });

  it("passes on the provider's refusal as 503, changing nothing", async () => {
    const { client } = await signUp(t.app);
    stripe.failNext(402, 'Your card was declined.');
    const message = expectError(
      await client.post('/api/create-subscription', { plan: 'pro' }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    expect(message).toBe(
      'The payment provider could not start the checkout: Your card was declined.',
    );
    expect(await me(client)).toMatchObject({ subscriptionPlan: 'free' });
  });

  it('answers 503 when the first invoice comes back with nothing to confirm', async () => {
    const { client } = await signUp(t.app);
    stripe.nextInvoiceNeedsNoPayment();
    const message = expectError(
      await client.post('/api/create-subscription', { plan: 'pro' }),
      503,
      'SERVICE_UNAVAILABLE',
    );
    expect(message).toBe(
      'The payment provider could not start the checkout: the subscription came back without a payment to confirm',
    );
    expect(await me(client)).toMatchObject({ subscriptionPlan: 'free' });
  });

  it('refuses webhook deliveries without a valid, fresh signature', async () => {
    const { client, user } = await signUp(t.app);
    const event = subscriptionEvent(
      'evt_forged',
      'customer.subscription.updated',
      user.id,
      'active',
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(expectError(unsigned, 400, 'VALIDATION_FAILED')).toContain('header is missing');
    expect(
      expectError(await deliver(event, { secret: 'whsec_wrong' }), 400, 'VALIDATION_FAILED'),
    ).toContain('no signature matches');
    const stale = Math.floor(Date.now() / 1000) - 600;
    expect(expectError(await deliver(event, { at: stale }), 400, 'VALIDATION_FAILED')).toContain(
      'outside the tolerance',
    );
    expect(await me(client)).toMatchObject({ subscriptionPlan: 'free' });
  });

  it('refuses tampered, unsigned-scheme and future-dated deliveries, recording none of them', async () => {
    const { client, user } = await signUp(t.app);
    const event = subscriptionEvent(
      'evt_tamper',
      'customer.subscription.updated',
      user.id,
      'active',
    );
    const refusal = async (delivery: { payload: string; header: string }) =>
      expectError(await send(delivery), 400, 'VALIDATION_FAILED');

    const genuine = signedDelivery({ ...event, data: { object: { status: 'incomplete' } } });
    expect(await refusal({ ...genuine, payload: JSON.stringify(event) })).toBe(
      'Invalid Stripe signature: no signature matches the payload',
    );
    expect(await refusal(signedDelivery(event, { scheme: 'v0' }))).toBe(
      'Invalid Stripe signature: the header has no timestamp or no v1 signature',
    );
    expect(await refusal({ ...signedDelivery(event), header: 'v1=abc' })).toBe(
      'Invalid Stripe signature: the header has no timestamp or no v1 signature',
    );
    const ahead = Math.floor(Date.now() / 1000) + 600;
    expect(await refusal(signedDelivery(event, { at: ahead }))).toBe(
      'Invalid Stripe signature: the timestamp is outside the tolerance',
    );
    expect(await me(client)).toMatchObject({ subscriptionPlan: 'free' });

    // None was recorded as delivered, so the genuine event still applies.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await me(client)).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'active',
    });
  });

  it('refuses a genuine delivery replayed more than five minutes after it was signed', async () => {
    const { client, user } = await signUp(t.app);
    const event = subscriptionEvent(
      'evt_replay',
      'customer.subscription.updated',
      user.id,
      'active',
    );
    const delivery = signedDelivery(event);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    expect(expectError(await send(delivery), 400, 'VALIDATION_FAILED')).toBe(
      'Invalid Stripe signature: the timestamp is outside the tolerance',
    );
    vi.useRealTimers();
    expect(await me(client)).toMatchObject({ subscriptionPlan: 'free' });

    // Within the five minutes the same bytes are accepted: only their age was refused.
    expect((await send(delivery)).statusCode).toBe(200);
    expect(await me(client)).toMatchObject({ subscriptionPlan: 'pro' });
  });

  it('applies subscription events once: active makes the plan, deleted ends it', async () => {
    const { client, user } = await signUp(t.app);
    const activated = subscriptionEvent(
      'evt_active_1',
      'customer.subscription.updated',
      user.id,
      'active',
      'price_enterprise',
    );
    const activation = await deliver(activated);
    expect(activation.statusCode, activation.body).toBe(200);
    expect(activation.json()).toEqual({ received: true });
    expect(await me(client)).toMatchObject({
      subscriptionPlan: 'enterprise',
      subscriptionStatus: 'active',
    });

    const deleted = subscriptionEvent(
      'evt_deleted_1',
      'customer.subscription.deleted',
      user.id,
      'canceled',
    );
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await me(client)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'canceled',
    });

    // Stripe delivers at least once: a repeated event is acknowledged and not applied again.
    expect((await deliver(activated)).statusCode).toBe(200);
    expect(await me(client)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'canceled',
    });
  });

  it('acknowledges other events and unpaid states without changing the plan', async () => {
    const { client, user } = await signUp(t.app);
    const incomplete = subscriptionEvent(
      'evt_incomplete',
      'customer.subscription.created',
      user.id,
      'incomplete',
    );
    expect((await deliver(incomplete)).statusCode).toBe(200);
    expect(
      (await deliver({ id: 'evt_invoice', type: 'invoice.paid', data: { object: {} } })).statusCode,
    ).toBe(200);
    expect(await me(client)).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'free',
    });
    const malformed = await deliver({ type: 'no id' });
    expect(expectError(malformed, 400, 'VALIDATION_FAILED')).toBe('The event has no id or type');
    const text = 'not json';
    const notJson = {
      payload: text,
      header: stripeSignatureHeader({ payload: text, secret: WEBHOOK_SECRET }),
    };
    expect(expectError(await send(notJson), 400, 'VALIDATION_FAILED')).toBe(
      'The event is not JSON',
    );
  });

  it('lets a Pro user hold more than three projects', async () => {
    const { client, user } = await signUp(t.app);
    await deliver(
      subscriptionEvent('evt_pro_limit', 'customer.subscription.updated', user.id, 'active'),
    );
    for (let index = 0; index < 4; index += 1) {
      const response = await client.post('/api/projects', {
        name: `P${index}`,
        templateId: 'blank',
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});
