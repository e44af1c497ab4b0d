import type { AdminUser } from '@kiln/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { formatJoined } from './admin-model';
import { AdminBadge, PlanBadge, StatusBadge } from './badges';
import { UserTable, type UserColumn } from './user-table';

const COLUMNS: UserColumn[] = [
  { header: 'Plan', cell: (user) => <PlanBadge plan={user.subscriptionPlan} /> },
  { header: 'Status', cell: (user) => <StatusBadge status={user.subscriptionStatus} /> },
  {
    header: 'Admin',
    cell: (user) =>
      user.isAdmin ? (
        <AdminBadge />
      ) : (
        <span className="text-muted-foreground">
          <span aria-hidden>—</span>
          <span className="sr-only">No</span>
        </span>
      ),
  },
  {
    header: 'Joined',
    cell: (user) => <time dateTime={user.createdAt}>{formatJoined(user.createdAt)}</time>,
  },
];

/** The Users tab: every account; deleting one's own is not offered. */
export function UsersTab({
  users,
  currentUserId,
  onEdit,
  onDelete,
}: {
  users: readonly AdminUser[];
  currentUserId: string;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}) {
  return (
    <UserTable
      caption="All users"
      users={users}
      columns={COLUMNS}
      currentUserId={currentUserId}
      actions={(user) => (
        <>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Edit ${user.email}`}
            onClick={() => onEdit(user)}
          >
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10"
            aria-label={`Delete ${user.email}`}
            disabled={user.id === currentUserId}
            title={user.id === currentUserId ? 'You cannot delete your own account' : undefined}
            onClick={() => onDelete(user)}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </>
      )}
    />
  );
}
