import { PLANS, type PaidPlan, type SubscriptionPlan, type SubscriptionStatus } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stripeEvents, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { createStripeCustomer, createStripeSubscription, type StripeSettings } from './stripe-api';

/** Starts a checkout: the user's Stripe customer (made once), then an incomplete subscription. */
export async function createSubscription(options: {
  db: Database;
  settings: StripeSettings;
  user: UserRow;
  plan: PaidPlan;
}): Promise<string> {
  const { db, settings, user, plan } = options;
  if (user.subscriptionPlan === plan && user.subscriptionStatus === 'active') {
    throw new AppError('CONFLICT', `You are already on the ${PLANS[plan].name} plan`);
  }
  let customerId = user.stripeCustomerId;
  if (!customerId) {
    customerId = await createStripeCustomer(settings, user);
    await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
  }
  return createStripeSubscription(settings, { customerId, userId: user.id, plan });
}

/** The fields of a Stripe subscription object Kiln reads. */
interface StripeSubscription {
  customer?: string;
  status?: string;
  metadata?: Record<string, string>;
  items?: { data?: Array<{ price?: { id?: string } }> };
}

export interface StripeEvent {
  id: string;
  type: string;
  data?: { object?: unknown };
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
/** Subscriptions that have ended; `incomplete` and `past_due` leave the plan as it is. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);
const PAYING = new Set(['active', 'trialing']);

/** What a subscription event makes of the user's plan, or null when it changes nothing. */
function planChange(
  type: string,
  subscription: StripeSubscription,
  settings: StripeSettings,
): { subscriptionPlan: SubscriptionPlan; subscriptionStatus: SubscriptionStatus } | null {
  const status = subscription.status ?? '';
  if (type === 'customer.subscription.deleted' || ENDED.has(status)) {
    return { subscriptionPlan: 'free', subscriptionStatus: 'canceled' };
  }
  if (!PAYING.has(status)) return null;
  const priceId = subscription.items?.data?.[0]?.price?.id;
  const plan = (Object.keys(settings.prices) as PaidPlan[]).find(
    (candidate) => settings.prices[candidate] === priceId,
  );
  return plan ? { subscriptionPlan: plan, subscriptionStatus: 'active' } : null;
}

/**
 * Applies a verified Stripe event once (DESIGN.md 3): its id is recorded in the same
 * transaction that applies it, so a redelivery changes nothing and a failure records nothing.
 * Answers whether the event was new.
 */
export async function applyStripeEvent(options: {
  db: Database;
  settings: StripeSettings;
  event: StripeEvent;
}): Promise<boolean> {
  const { db, settings, event } = options;
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return false;
    if (!SUBSCRIPTION_EVENTS.has(event.type)) return true;
    const subscription = (event.data?.object ?? {}) as StripeSubscription;
    const change = planChange(event.type, subscription, settings);
    if (!change) return true;
    // Kiln's own checkouts carry the user's id; a customer id finds the rest.
    const userId = subscription.metadata?.userId ?? '';
    const owner = isUuid(userId)
      ? eq(users.id, userId)
      : subscription.customer
        ? eq(users.stripeCustomerId, subscription.customer)
        : null;
    if (owner)
      await tx
        .update(users)
        .set({ ...change, updatedAt: new Date() })
        .where(owner);
    return true;
  });
}
