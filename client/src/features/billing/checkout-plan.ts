import { PAID_PLAN_IDS, type PaidPlan } from '@kiln/shared';

/** The plan defaults to pro, and an unknown value shows the Pro details. */
export function checkoutPlan(search: string): PaidPlan {
  const wanted = new URLSearchParams(search).get('plan');
  return PAID_PLAN_IDS.find((plan) => plan === wanted) ?? 'pro';
}

/** Where payment confirmation returns to (decision 0010). */
export function paymentReturnUrl(origin: string): string {
  return `${origin}/dashboard?payment=success`;
}
