import { PLANS, type User } from '@kiln/shared';

type PlanState = Pick<User, 'subscriptionPlan' | 'subscriptionStatus'>;

/** The dashboard card's status line under the plan's name. */
export function statusLine(user: PlanState): string {
  if (user.subscriptionStatus === 'active') return 'Your subscription is active';
  if (user.subscriptionPlan === 'free') return 'Upgrade to unlock more features';
  // A paid plan an administrator gave without billing: its limits apply, nothing is charged.
  if (user.subscriptionStatus === 'free') return 'Given without billing';
  return 'Subscription inactive';
}

/** What the Manage Billing dialog says of the money side of a paid plan. */
export function billingLine(user: PlanState): string {
  const plan = PLANS[user.subscriptionPlan];
  switch (user.subscriptionStatus) {
    case 'active':
      return 'Your subscription is active, billed monthly through Stripe.';
    case 'free':
      return `${plan.name} was given to you without billing: you are not charged for it.`;
    case 'canceled':
      return 'Your subscription is canceled: you are not charged for it.';
  }
}
