import { PLANS, type SubscriptionPlan, type SubscriptionStatus } from '@kiln/shared';
import { ShieldCheck } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { STATUS_LABELS } from './admin-model';

const PLAN_CLASSES: Record<SubscriptionPlan, string> = {
  free: 'bg-muted text-muted-foreground border-transparent',
  pro: 'bg-primary/15 text-primary-tint-foreground border-primary/30',
  enterprise: 'bg-violet-500/15 text-violet-700 border-violet-500/30 dark:text-violet-300',
};

const STATUS_CLASSES: Record<SubscriptionStatus, string> = {
  free: 'bg-muted text-muted-foreground border-transparent',
  active: 'bg-success/15 text-success border-success/30',
  canceled: 'bg-destructive/10 text-destructive border-destructive/30',
};

export function PlanBadge({ plan }: { plan: SubscriptionPlan }) {
  return <Badge className={PLAN_CLASSES[plan]}>{PLANS[plan].name}</Badge>;
}

export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge className={STATUS_CLASSES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function AdminBadge({ label = 'Admin' }: { label?: string }) {
  return (
    <Badge className="gap-1">
      <ShieldCheck className="size-3.5" aria-hidden />
      {label}
    </Badge>
  );
}
