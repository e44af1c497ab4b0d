import { randomUUID } from 'node:crypto';
import type { PaidPlan } from '@kiln/shared';
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error';

const providerFailed = (detail: string) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    `The payment provider could not start the checkout: ${detail}`,
  );

/** A refusal (a declined card, a bad request, an outage) reaches the person in Stripe's words. */
async function askStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw providerFailed(error.message || `it answered ${error.statusCode ?? 'with an error'}`);
    }
    throw providerFailed(error instanceof Error ? error.message : String(error));
  }
}

export async function createStripeCustomer(
  stripe: Stripe,
  user: { id: string; email: string; name: string | null },
): Promise<string> {
  const customer: Stripe.Customer = await askStripe(() =>
    stripe.customers.create(
      {
        email: user.email,
        ...(user.name ? { name: user.name } : {}),
        metadata: { userId: user.id },
      },
      // Stripe applies a request once per key, whatever reaches it twice.
      { idempotencyKey: `kiln-customer-${user.id}` },
    ),
  );
  return customer.id;
}

/**
 * An incomplete subscription to the plan's price; the client secret of its first invoice's
 * payment is what the Payment Element confirms. The plan changes later, from the webhook.
 */
export async function createStripeSubscription(
  stripe: Stripe,
  options: { customerId: string; userId: string; plan: PaidPlan; price: string },
): Promise<string> {
  const subscription: Stripe.Subscription = await askStripe(() =>
    stripe.subscriptions.create(
      {
        customer: options.customerId,
        items: [{ price: options.price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: options.userId, plan: options.plan },
        // The secret is only sent when asked for, on the invoice that is only an object when
        // expanded.
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `kiln-subscription-${randomUUID()}` },
    ),
  );
  const secret = confirmationSecretOf(subscription);
  if (!secret) throw providerFailed('the subscription came back without a payment to confirm');
  return secret;
}

/** The first invoice's payment secret; an invoice with nothing to pay has none. */
function confirmationSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret || null;
}
