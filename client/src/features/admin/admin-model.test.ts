import type { AdminUser } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { formatGbp } from '../../lib/money';
import {
  formatJoined,
  paidSubscriptions,
  planOptionLabel,
  planStatusNote,
  totalMonthlyRevenue,
} from './admin-model';

const user = (id: string, subscriptionPlan: AdminUser['subscriptionPlan']): AdminUser => ({
  id,
  email: `${id}@example.com`,
  name: null,
  username: null,
  subscriptionPlan,
  subscriptionStatus: subscriptionPlan === 'free' ? 'free' : 'active',
  isAdmin: false,
  emailVerified: true,
  createdAt: '2025-10-24T09:30:00.000Z',
  projectCount: 0,
});

describe('admin portal figures', () => {
  it('writes pounds as the spec does, without pence', () => {
    expect(formatGbp(0)).toBe('£0');
    expect(formatGbp(19)).toBe('£19');
    expect(formatGbp(1287)).toBe('£1,287');
  });

  it('adds pro and enterprise revenue for the Monthly Revenue card', () => {
    expect(totalMonthlyRevenue({ monthlyRevenue: { pro: 57, enterprise: 198 } })).toBe(255);
  });

  it('lists only users on a paid plan in the Subscriptions tab, in order', () => {
    const users = [user('a', 'free'), user('b', 'enterprise'), user('c', 'pro'), user('d', 'free')];
    expect(paidSubscriptions(users).map((entry) => entry.id)).toEqual(['b', 'c']);
  });

  it('labels the plan options with their monthly price', () => {
    expect(planOptionLabel('free')).toBe('Free');
    expect(planOptionLabel('pro')).toBe('Pro (£19/mo)');
    expect(planOptionLabel('enterprise')).toBe('Enterprise (£99/mo)');
  });

  it('says what a plan and status mean together when Stripe would never set them so', () => {
    expect(planStatusNote('pro', 'active')).toBeNull();
    expect(planStatusNote('enterprise', 'active')).toBeNull();
    expect(planStatusNote('free', 'free')).toBeNull();
    expect(planStatusNote('free', 'canceled')).toBeNull();
    expect(planStatusNote('pro', 'free')).toBe(
      "Pro without billing: the user gets Pro's limits free of charge, and it is not counted as revenue.",
    );
    expect(planStatusNote('enterprise', 'canceled')).toBe(
      "Canceled: the user is not charged, but keeps Enterprise's limits until the plan is set to Free.",
    );
    expect(planStatusNote('free', 'active')).toMatch(
      /^Active on the Free plan: there is nothing to bill/,
    );
  });

  it('shows join dates as day, short month and year', () => {
    expect(formatJoined('2025-10-24T09:30:00.000Z')).toBe('24 Oct 2025');
  });
});
