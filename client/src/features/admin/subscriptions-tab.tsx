import { monthlyValueGbp, type AdminUser } from '@kiln/shared';
import { Settings2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { formatGbp } from '../../lib/money';
import { PlanBadge, StatusBadge } from './badges';
import { UserTable, type UserColumn } from './user-table';

const COLUMNS: UserColumn[] = [
  { header: 'Plan', cell: (user) => <PlanBadge plan={user.subscriptionPlan} /> },
  { header: 'Status', cell: (user) => <StatusBadge status={user.subscriptionStatus} /> },
  {
    header: 'Monthly Value',
    cell: (user) => (
      <span className="font-medium tabular-nums">
        {formatGbp(monthlyValueGbp(user.subscriptionPlan))}
      </span>
    ),
  },
];

/** The Subscriptions tab: users on a paid plan, each with a Manage button. */
export function SubscriptionsTab({
  subscriptions,
  currentUserId,
  onManage,
}: {
  subscriptions: readonly AdminUser[];
  currentUserId: string;
  onManage: (user: AdminUser) => void;
}) {
  if (subscriptions.length === 0) {
    return (
      <p className="text-muted-foreground rounded-xl border border-dashed px-6 py-12 text-center text-sm">
        No paid subscriptions yet. Users on the Pro or Enterprise plan appear here.
      </p>
    );
  }
  return (
    <UserTable
      caption="Paid subscriptions"
      users={subscriptions}
      columns={COLUMNS}
      currentUserId={currentUserId}
      actions={(user) => (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Manage ${user.email}`}
          onClick={() => onManage(user)}
        >
          <Settings2 aria-hidden /> Manage
        </Button>
      )}
    />
  );
}
