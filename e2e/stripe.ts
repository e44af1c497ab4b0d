import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

/** The payment settings of the server under test; its Stripe API is a local stand-in. */
export const STRIPE_SETTINGS = {
  STRIPE_SECRET_KEY: 'sk_test_kiln_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_kiln_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_kiln_e2e',
  STRIPE_PRICE_PRO: 'price_pro_e2e',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise_e2e',
};

/**
 * Stripe.js, played by a stand-in: there is no internet here. It mounts a card field, reports
 * it ready, records what `confirmPayment` was asked, and goes to the return URL as Stripe does
 * after a successful payment.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey) {
  window.__stripe = { publishableKey, confirmed: null, elementsOptions: null };
  return {
    _registerWrapper() {},
    registerAppInfo() {},
    // What React Stripe.js checks to tell a Stripe instance from anything else.
    createToken() {},
    createPaymentMethod() {},
    confirmCardPayment() {},
    elements(options) {
      window.__stripe.elementsOptions = options;
      const elements = {
        create(type) {
          const handlers = {};
          const element = {
            mount(node) {
              const target = typeof node === 'string' ? document.querySelector(node) : node;
              target.innerHTML = '<label>Card number <input aria-label="Card number" value="4242 4242 4242 4242"></label>';
              setTimeout(() => handlers.ready && handlers.ready({ elementType: type }), 50);
            },
            on(event, handler) { handlers[event] = handler; return element; },
            off() { return element; },
            update() {},
            unmount() {},
            destroy() {},
          };
          elements.element = element;
          return element;
        },
        getElement() { return elements.element || null; },
        update() {},
        fetchUpdates() { return Promise.resolve({}); },
        submit() { return Promise.resolve({}); },
      };
      return elements;
    },
    confirmPayment(options) {
      window.__stripe.confirmed = options.confirmParams;
      window.location.assign(options.confirmParams.return_url);
      return new Promise(() => {});
    },
  };
};
`;

export async function fakeStripeJs(page: Page) {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
}

/** Delivers a subscription event to the server's webhook, signed as Stripe signs it. */
export async function deliverSubscriptionEvent(
  request: APIRequestContext,
  event: { id: string; userId: string; status: string; price: string },
) {
  const payload = JSON.stringify({
    id: event.id,
    type: 'customer.subscription.updated',
    data: {
      object: {
        status: event.status,
        metadata: { userId: event.userId },
        items: { data: [{ price: { id: event.price } }] },
      },
    },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', STRIPE_SETTINGS.STRIPE_WEBHOOK_SECRET)
    .update(`${timestamp}.${payload}`)
    .digest('hex');
  return request.post('/api/stripe/webhook', {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': `t=${timestamp},v1=${signature}`,
    },
    data: payload,
  });
}
