import {
  monthlyValueGbp,
  PLANS,
  type AdminAnalytics,
  type AdminUser,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '@kiln/shared';
import { formatGbp } from '../../lib/money';

const joinedDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function formatJoined(createdAt: string): string {
  return joinedDate.format(new Date(createdAt));
}

/** Monthly Revenue is the sum of pro and enterprise revenue. */
export function totalMonthlyRevenue(analytics: Pick<AdminAnalytics, 'monthlyRevenue'>): number {
  return analytics.monthlyRevenue.pro + analytics.monthlyRevenue.enterprise;
}

/** The Subscriptions tab: only users whose plan is not free. */
export function paidSubscriptions(users: readonly AdminUser[]): AdminUser[] {
  return users.filter((user) => user.subscriptionPlan !== 'free');
}

/** A plan as the portal offers it: Free, Pro (£19/mo), Enterprise (£99/mo). */
export function planOptionLabel(plan: SubscriptionPlan): string {
  const price = monthlyValueGbp(plan);
  return price === 0 ? PLANS[plan].name : `${PLANS[plan].name} (${formatGbp(price)}/mo)`;
}

/**
 * What a plan and status chosen together mean, for the combinations Stripe never makes itself
 * (server/src/modules/billing/service.ts sets Pro or Enterprise with Active, or Free with
 * Canceled). A plan's limits follow the plan alone; only a paid plan that is Active is billed
 * and counted as revenue (server/src/modules/admin/presenter.ts).
 */
export function planStatusNote(plan: SubscriptionPlan, status: SubscriptionStatus): string | null {
  const name = PLANS[plan].name;
  if (plan === 'free') {
    return status === 'active'
      ? 'Active on the Free plan: there is nothing to bill, and it is not counted as a subscription.'
      : null;
  }
  if (status === 'free') {
    return `${name} without billing: the user gets ${name}'s limits free of charge, and it is not counted as revenue.`;
  }
  if (status === 'canceled') {
    return `Canceled: the user is not charged, but keeps ${name}'s limits until the plan is set to Free.`;
  }
  return null;
}

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  free: 'Free',
  active: 'Active',
  canceled: 'Canceled',
};
