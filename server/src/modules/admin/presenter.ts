import { monthlyValueGbp, type AdminAnalytics, type AdminUser } from '@kiln/shared';
import type { UserRow } from '../users/tables';

/** Never the password hash; `emailVerified` says whether, not when. */
export function presentAdminUser(row: UserRow & { projectCount: number }): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    subscriptionPlan: row.subscriptionPlan,
    subscriptionStatus: row.subscriptionStatus,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    projectCount: row.projectCount,
  };
}

export interface AnalyticsCounts {
  totalUsers: number;
  totalProjects: number;
  statusActive: number;
  statusFree: number;
  statusCanceled: number;
  planFree: number;
  planPro: number;
  planEnterprise: number;
  activePro: number;
  activeEnterprise: number;
}

type RecentUserRow = Pick<UserRow, 'id' | 'email' | 'createdAt' | 'subscriptionPlan'>;

/** Revenue is each paid plan's price times its active subscriptions (decision 0009). */
export function presentAnalytics(counts: AnalyticsCounts, recent: RecentUserRow[]): AdminAnalytics {
  return {
    totalUsers: counts.totalUsers,
    totalProjects: counts.totalProjects,
    activeSubscriptions: counts.activePro + counts.activeEnterprise,
    statusBreakdown: {
      active: counts.statusActive,
      free: counts.statusFree,
      canceled: counts.statusCanceled,
    },
    subscriptionBreakdown: {
      free: counts.planFree,
      pro: counts.planPro,
      enterprise: counts.planEnterprise,
    },
    monthlyRevenue: {
      pro: counts.activePro * monthlyValueGbp('pro'),
      enterprise: counts.activeEnterprise * monthlyValueGbp('enterprise'),
    },
    recentUsers: recent.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      subscriptionPlan: row.subscriptionPlan,
    })),
  };
}
