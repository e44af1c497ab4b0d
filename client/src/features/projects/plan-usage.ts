import { PLANS, type SubscriptionPlan } from '@kiln/shared';
import { useAuth } from '../../lib/session';
import { useProjects } from './api';

export interface PlanUsage {
  used: number;
  limit: number;
  /** No room for another project: the server would refuse one (403 PLAN_LIMIT). */
  atLimit: boolean;
}

/** How much of a plan's project limit is used; null for a plan without one. */
export function planUsage(plan: SubscriptionPlan, used: number): PlanUsage | null {
  const { projectLimit } = PLANS[plan];
  if (projectLimit === null) return null;
  return { used, limit: projectLimit, atLimit: used >= projectLimit };
}

/**
 * The signed-in user's project count against their plan, so the limit shows before a create is
 * refused; null while the list loads or when the plan has no limit.
 */
export function usePlanUsage(): PlanUsage | null {
  const { user } = useAuth();
  const projects = useProjects();
  if (!user || !projects.data) return null;
  return planUsage(user.subscriptionPlan, projects.data.length);
}
