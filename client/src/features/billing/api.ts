import type { BillingConfig, CreateSubscriptionResponse, PaidPlan } from '@kiln/shared';
import { apiJson } from '../../lib/request';

export const fetchBillingConfig = () => apiJson<BillingConfig>('GET', '/api/billing/config');

/** POST /api/create-subscription starts a checkout; its client secret feeds the payment form. */
export const createSubscription = (plan: PaidPlan) =>
  apiJson<CreateSubscriptionResponse>('POST', '/api/create-subscription', { plan });
