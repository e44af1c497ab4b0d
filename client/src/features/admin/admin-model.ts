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

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  free: 'Free',
  active: 'Active',
  canceled: 'Canceled',
};
