import { Crown } from 'lucide-react';
import { Link } from 'wouter';
import type { PlanUsage } from '../../features/projects';

/**
 * The plan's project count beside New Project ("2 of 3 projects used"), so the limit is known
 * before a create is refused; at the limit it stands out and offers the upgrade. The plan's name
 * is on the subscription card just above.
 */
export function PlanLimitHint({ usage, id }: { usage: PlanUsage; id: string }) {
  const count = `${usage.used} of ${usage.limit} projects used`;
  if (!usage.atLimit) {
    return (
      <p id={id} className="text-muted-foreground text-sm" data-testid="plan-usage">
        {count}
      </p>
    );
  }
  return (
    <p
      id={id}
      data-testid="plan-usage"
      className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded-full border border-amber-500/40 bg-amber-500/10 px-3 py-1 text-sm text-amber-800 dark:text-amber-200"
    >
      <Crown className="size-3.5 shrink-0" aria-hidden />
      <span>{count}.</span>
      <Link
        href="/pricing"
        className="font-semibold underline underline-offset-2 hover:no-underline"
      >
        Upgrade for unlimited projects
      </Link>
    </p>
  );
}
