import { z } from 'zod';
import { PLANS, SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES, type SubscriptionPlan } from '../plans';

export * from './audit-schemas';

/** A row of the administrator's user list (GET /api/admin/users). */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  projectCount: z.number().int().nonnegative(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUsersResponseSchema = z.array(AdminUserSchema);

const count = z.number().int().nonnegative();
const pounds = z.number().nonnegative();

export const RecentUserSchema = AdminUserSchema.pick({
  id: true,
  email: true,
  createdAt: true,
  subscriptionPlan: true,
});
export type RecentUser = z.infer<typeof RecentUserSchema>;

/**
 * The admin analytics response. Revenue is in pounds per month and counts
 * only paid plans whose status is active (docs/decisions/0009-admin-portal-rules.md), and
 * `activeSubscriptions` is how many such subscriptions there are.
 */
export const AdminAnalyticsSchema = z.object({
  totalUsers: count,
  totalProjects: count,
  activeSubscriptions: count,
  statusBreakdown: z.object({ active: count, free: count, canceled: count }),
  subscriptionBreakdown: z.object({ free: count, pro: count, enterprise: count }),
  monthlyRevenue: z.object({ pro: pounds, enterprise: pounds }),
  recentUsers: z.array(RecentUserSchema),
});
export type AdminAnalytics = z.infer<typeof AdminAnalyticsSchema>;

/** How many of the newest accounts the analytics' Recent Users list holds. */
export const RECENT_USERS_LIMIT = 5;

/**
 * PATCH /api/admin/users/{userId}. Any combination of plan and status is allowed (a paid plan
 * with status free is a complimentary one, decision 0009); unknown fields are refused rather
 * than silently ignored.
 */
export const UpdateAdminUserInputSchema = z
  .strictObject({
    subscriptionPlan: z.enum(SUBSCRIPTION_PLANS, {
      error: `subscriptionPlan must be one of ${SUBSCRIPTION_PLANS.join(', ')}`,
    }),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, {
      error: `subscriptionStatus must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`,
    }),
    isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, {
    message: 'Send at least one of subscriptionPlan, subscriptionStatus, isAdmin',
  });
export type UpdateAdminUserInput = z.infer<typeof UpdateAdminUserInputSchema>;

/** A subscription's monthly value in pounds (£0, £19 or £99). */
export function monthlyValueGbp(plan: SubscriptionPlan): number {
  return PLANS[plan].priceGbp;
}
