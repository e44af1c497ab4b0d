import { PLANS } from '@kiln/shared';
import type { PlanState } from './plan-status';

/**
 * What the Manage Billing dialog says of the money side of a paid plan. Apart from the card's
 * status line (plan-status.ts): the dialog loads when first opened, so a first visit to the
 * dashboard does without it.
 */
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
