import { randomUUID } from 'node:crypto';
import type { PaidPlan } from '@kiln/shared';
import { AppError } from '../../lib/app-error';

export interface StripeSettings {
  secretKey: string;
  apiUrl: string;
  prices: Record<PaidPlan, string>;
}

/**
 * The API version Kiln speaks: its subscriptions expose the first invoice's payment intent,
 * whose client secret the Payment Element confirms.
 */
const STRIPE_API_VERSION = '2024-06-20';
const TIMEOUT_MS = 15_000;

const providerFailed = (detail: string) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    `The payment provider could not start the checkout: ${detail}`,
  );

/** Stripe's form encoding: nested keys as `a[b]`, lists as `a[]`. */
function formBody(params: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) value.forEach((item) => body.append(`${key}[]`, item));
    else body.append(key, value);
  }
  return body;
}

async function post<T>(
  settings: StripeSettings,
  path: string,
  params: Record<string, string | string[]>,
  idempotencyKey: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, settings.apiUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'stripe-version': STRIPE_API_VERSION,
        // Stripe applies a request once per key, whatever reaches it twice.
        'idempotency-key': idempotencyKey,
      },
      body: formBody(params),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw providerFailed((error as Error).message);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!response.ok) throw providerFailed(body.error?.message ?? `it answered ${response.status}`);
  return body as T;
}

export async function createStripeCustomer(
  settings: StripeSettings,
  user: { id: string; email: string; name: string | null },
): Promise<string> {
  const customer = await post<{ id: string }>(
    settings,
    '/v1/customers',
    { email: user.email, ...(user.name ? { name: user.name } : {}), 'metadata[userId]': user.id },
    `kiln-customer-${user.id}`,
  );
  return customer.id;
}

/**
 * An incomplete subscription to the plan's price; the client secret of its first invoice's
 * payment is what the Payment Element confirms. The plan changes later, from the webhook.
 */
export async function createStripeSubscription(
  settings: StripeSettings,
  options: { customerId: string; userId: string; plan: PaidPlan },
): Promise<string> {
  const subscription = await post<{
    latest_invoice?: { payment_intent?: { client_secret?: string } | null } | null;
  }>(
    settings,
    '/v1/subscriptions',
    {
      customer: options.customerId,
      'items[0][price]': settings.prices[options.plan],
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[userId]': options.userId,
      'metadata[plan]': options.plan,
      expand: ['latest_invoice.payment_intent'],
    },
    `kiln-subscription-${randomUUID()}`,
  );
  const secret = subscription.latest_invoice?.payment_intent?.client_secret;
  if (!secret) throw providerFailed('the subscription came back without a payment to confirm');
  return secret;
}
