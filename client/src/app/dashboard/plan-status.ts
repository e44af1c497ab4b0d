import type { User } from '@kiln/shared';

export type PlanState = Pick<User, 'subscriptionPlan' | 'subscriptionStatus'>;

/** The dashboard card's status line under the plan's name. */
export function statusLine(user: PlanState): string {
  if (user.subscriptionStatus === 'active') return 'Your subscription is active';
  if (user.subscriptionPlan === 'free') return 'Upgrade to unlock more features';
  // A paid plan an administrator gave without billing: its limits apply, nothing is charged.
  if (user.subscriptionStatus === 'free') return 'Given without billing';
  return 'Subscription inactive';
}
