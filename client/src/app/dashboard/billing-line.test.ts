import type { User } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { billingLine } from './billing-line';
import { statusLine } from './plan-status';

type Case = [User['subscriptionPlan'], User['subscriptionStatus'], string];

describe("the plan's lines on the dashboard", () => {
  it.each<Case>([
    ['pro', 'active', 'Your subscription is active, billed monthly through Stripe.'],
    [
      'enterprise',
      'free',
      'Enterprise was given to you without billing: you are not charged for it.',
    ],
    ['pro', 'canceled', 'Your subscription is canceled: you are not charged for it.'],
  ])('Manage Billing says of %s, %s: %s', (subscriptionPlan, subscriptionStatus, line) => {
    expect(billingLine({ subscriptionPlan, subscriptionStatus })).toBe(line);
  });

  it.each<Case>([
    ['pro', 'active', 'Your subscription is active'],
    ['free', 'free', 'Upgrade to unlock more features'],
    ['pro', 'free', 'Given without billing'],
    ['pro', 'canceled', 'Subscription inactive'],
  ])('the card says of %s, %s: %s', (subscriptionPlan, subscriptionStatus, line) => {
    expect(statusLine({ subscriptionPlan, subscriptionStatus })).toBe(line);
  });
});
