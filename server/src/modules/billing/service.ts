import { PLANS, type PaidPlan, type SubscriptionPlan, type SubscriptionStatus } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { stripeEvents } from './tables';
import { users, type UserRow } from '../users/tables';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { createStripeCustomer, createStripeSubscription } from './stripe-checkout';
import type { StripeSettings } from './stripe-client';

/** Starts a checkout: the user's Stripe customer (made once), then an incomplete subscription. */
export async function createSubscription(options: {
  db: Database;
  stripe: Stripe;
  settings: StripeSettings;
  user: UserRow;
  plan: PaidPlan;
}): Promise<string> {
  const { db, stripe, settings, user, plan } = options;
  if (user.subscriptionPlan === plan && user.subscriptionStatus === 'active') {
    throw new AppError('CONFLICT', `You are already on the ${PLANS[plan].name} plan`);
  }
  let customerId = user.stripeCustomerId;
  if (!customerId) {
    customerId = await createStripeCustomer(stripe, user);
    await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
  }
  return createStripeSubscription(stripe, {
    customerId,
    userId: user.id,
    plan,
    price: settings.prices[plan],
  });
}

/*
 * An event's object is rendered at the API version of the webhook endpoint, which is set in
 * Stripe's dashboard rather than by this SDK, so every field is read as if it might be absent.
 */

/** The subscription a `customer.subscription.*` event is about; other events change no plan. */
function subscriptionOf(event: Stripe.Event): Stripe.Subscription | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data?.object ?? null;
    default:
      return null;
  }
}

/** Subscriptions that have ended; `incomplete` and `past_due` leave the plan as it is. */
const ENDED = new Set<Stripe.Subscription.Status>(['canceled', 'unpaid', 'incomplete_expired']);
const PAYING = new Set<Stripe.Subscription.Status>(['active', 'trialing']);

/** What a subscription event makes of the user's plan, or null when it changes nothing. */
function planChange(
  type: Stripe.Event.Type,
  subscription: Stripe.Subscription,
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

/** Events name the customer by id; an expanded one is an object. */
function customerIdOf(subscription: Stripe.Subscription): string | null {
  const customer: Stripe.Subscription['customer'] | undefined = subscription.customer;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/** What applying an event did: whether it was new, and whose plan it set to what. */
export interface StripeEventOutcome {
  applied: boolean;
  planChanges: Array<{
    userId: string;
    subscriptionPlan: SubscriptionPlan;
    subscriptionStatus: SubscriptionStatus;
  }>;
}

/**
 * Applies a verified Stripe event once (decision 0010): its id is recorded in the same
 * transaction that applies it, so a redelivery changes nothing and a failure records nothing.
 */
export async function applyStripeEvent(options: {
  db: Database;
  settings: StripeSettings;
  event: Stripe.Event;
}): Promise<StripeEventOutcome> {
  const { db, settings, event } = options;
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return { applied: false, planChanges: [] };
    const subscription = subscriptionOf(event);
    if (!subscription) return { applied: true, planChanges: [] };
    const change = planChange(event.type, subscription, settings);
    if (!change) return { applied: true, planChanges: [] };
    // Kiln's own checkouts carry the user's id; a customer id finds the rest.
    const userId = subscription.metadata?.userId ?? '';
    const customerId = customerIdOf(subscription);
    const owner = isUuid(userId)
      ? eq(users.id, userId)
      : customerId
        ? eq(users.stripeCustomerId, customerId)
        : null;
    if (!owner) return { applied: true, planChanges: [] };
    const changed = await tx
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(owner)
      .returning({ userId: users.id });
    return { applied: true, planChanges: changed.map(({ userId }) => ({ userId, ...change })) };
  });
}
