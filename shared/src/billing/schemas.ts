import { z } from 'zod';

/** The plans a checkout can buy (the subscribe page offers both). */
export const PAID_PLAN_IDS = ['pro', 'enterprise'] as const;
export type PaidPlan = (typeof PAID_PLAN_IDS)[number];

/** POST /api/create-subscription. */
export const CreateSubscriptionInputSchema = z.object({
  plan: z.enum(PAID_PLAN_IDS, { error: 'plan must be pro or enterprise' }),
});
export type CreateSubscriptionInput = z.infer<typeof CreateSubscriptionInputSchema>;

export const CreateSubscriptionResponseSchema = z.object({ clientSecret: z.string() });
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponseSchema>;

/** What the subscribe page needs to load the payment form; null when payments are off. */
export const BillingConfigSchema = z.object({ publishableKey: z.string().nullable() });
export type BillingConfig = z.infer<typeof BillingConfigSchema>;
