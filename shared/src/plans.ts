/** Plan catalogue. Prices are in GBP per month. */
import { PROJECT_STORAGE_LIMITS, type ProjectStorageLimits } from './storage/limits';

export const SUBSCRIPTION_PLANS = ['free', 'pro', 'enterprise'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['free', 'active', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface PlanDetails {
  id: SubscriptionPlan;
  name: string;
  label: string;
  priceGbp: number;
  tagline: string;
  /** Features, as both the pricing page and the subscribe page's Plan Details card list them. */
  features: readonly string[];
  /** `null` means unlimited. */
  projectLimit: number | null;
  /** AI tokens (input and output together) a month; `null` means unlimited. */
  aiTokensPerMonth: number | null;
  /** What one project may hold (shared/src/storage/limits.ts says why these figures). */
  storage: ProjectStorageLimits;
}

export const PLANS: Record<SubscriptionPlan, PlanDetails> = {
  free: {
    id: 'free',
    name: 'Free',
    label: 'Free Plan',
    priceGbp: 0,
    tagline: 'For learning and side projects',
    features: [
      '3 projects',
      '5GB storage',
      'AI assistant',
      'Live preview at three device sizes',
      'Community support',
    ],
    projectLimit: 3,
    aiTokensPerMonth: 500_000,
    storage: PROJECT_STORAGE_LIMITS.free,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    label: 'Pro Plan',
    priceGbp: 19,
    tagline: 'For professional developers',
    features: [
      'Unlimited projects',
      '50GB storage',
      'Advanced AI assistant',
      'Private projects',
      'GitHub auto-sync',
      'Priority email support',
      'Live chat support',
    ],
    projectLimit: null,
    aiTokensPerMonth: 10_000_000,
    storage: PROJECT_STORAGE_LIMITS.pro,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    label: 'Enterprise Plan',
    priceGbp: 99,
    tagline: 'For teams and organisations',
    features: [
      'Everything in Pro',
      'Unlimited storage',
      'SSO & SAML',
      'Audit logs',
      'Dedicated support with an SLA',
      'Live chat support',
    ],
    projectLimit: null,
    aiTokensPerMonth: null,
    storage: PROJECT_STORAGE_LIMITS.enterprise,
  },
};
