import { PLANS, type User } from '@kiln/shared';
import { Check } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { formatGbp } from '../../lib/money';
import { billingLine } from './billing-line';

/**
 * Kiln's billing sells a plan (checkout) and hears Stripe's webhook; it has no self-service
 * change or cancel (server/src/modules/billing), so both go through support, as the Terms of
 * Service say (client/src/features/legal/legal-page.tsx holds the same address).
 */
const SUPPORT_EMAIL = 'support@kiln.dev';

/** Manage Billing on a paid plan: the plan as it is, and how to change or cancel it. */
export function ManagePlanDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const plan = PLANS[user.subscriptionPlan];
  const subject = encodeURIComponent(`Change or cancel my ${plan.name} plan`);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your {plan.label}</DialogTitle>
          <DialogDescription>{billingLine(user)}</DialogDescription>
        </DialogHeader>
        <div className="flex items-baseline gap-1">
          <span className="text-2xl font-bold">{formatGbp(plan.priceGbp)}</span>
          <span className="text-muted-foreground text-sm">/month</span>
        </div>
        <ul className="grid gap-1.5" aria-label={`${plan.name} features`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2 text-sm">
              <Check className="text-primary size-4 shrink-0" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
        <p className="text-sm">
          To change or cancel your plan, email{' '}
          <a
            href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}
            className="text-primary font-medium underline underline-offset-2 hover:decoration-2"
          >
            {SUPPORT_EMAIL}
          </a>{' '}
          from {user.email}. A cancellation takes effect at the end of the period you have paid for,
          and you keep {plan.name}&apos;s features until then.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
