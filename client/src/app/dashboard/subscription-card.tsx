import { PLANS, type User } from '@kiln/shared';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ManagePlanDialog } from './dashboard-dialogs';
import { statusLine } from './plan-status';

/**
 * The plan label, a status line, and Upgrade (to /pricing) on the Free plan or, on a paid one,
 * Manage Billing: the plan and how to change or cancel it, not the pricing page's trial offer.
 */
export function SubscriptionCard({ user }: { user: User }) {
  const plan = PLANS[user.subscriptionPlan];
  const isFree = user.subscriptionPlan === 'free';
  const [managing, setManaging] = useState(false);
  return (
    <Card className="flex flex-wrap items-center gap-4 p-5" data-testid="subscription-card">
      <span className="bg-accent text-accent-foreground inline-flex size-10 items-center justify-center rounded-lg">
        <Crown className="size-5" aria-hidden />
      </span>
      <div className="grid flex-1 gap-0.5">
        <p className="font-semibold">{plan.label}</p>
        <p className="text-muted-foreground text-sm">{statusLine(user)}</p>
      </div>
      {isFree ? (
        <Button asChild>
          <Link href="/pricing">Upgrade</Link>
        </Button>
      ) : (
        <>
          <Button variant="outline" onClick={() => setManaging(true)}>
            Manage Billing
          </Button>
          <ManagePlanDialog user={user} open={managing} onOpenChange={setManaging} />
        </>
      )}
    </Card>
  );
}
