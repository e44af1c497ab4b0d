import { PLANS, type User } from '@kiln/shared';
import { Crown } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** The plan label, a status line, and Upgrade or Manage Billing to /pricing. */
export function statusLine(user: Pick<User, 'subscriptionPlan' | 'subscriptionStatus'>): string {
  if (user.subscriptionStatus === 'active') return 'Your subscription is active';
  if (user.subscriptionPlan === 'free') return 'Upgrade to unlock more features';
  return 'Subscription inactive';
}

export function SubscriptionCard({ user }: { user: User }) {
  const plan = PLANS[user.subscriptionPlan];
  const isFree = user.subscriptionPlan === 'free';
  return (
    <Card className="flex flex-wrap items-center gap-4 p-5" data-testid="subscription-card">
      <span className="bg-accent text-accent-foreground inline-flex size-10 items-center justify-center rounded-lg">
        <Crown className="size-5" aria-hidden />
      </span>
      <div className="grid flex-1 gap-0.5">
        <p className="font-semibold">{plan.label}</p>
        <p className="text-muted-foreground text-sm">{statusLine(user)}</p>
      </div>
      <Button asChild variant={isFree ? 'default' : 'outline'}>
        <Link href="/pricing">{isFree ? 'Upgrade' : 'Manage Billing'}</Link>
      </Button>
    </Card>
  );
}
