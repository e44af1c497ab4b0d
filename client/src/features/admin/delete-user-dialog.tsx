import type { AdminUser } from '@kiln/shared';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useDeleteAdminUser } from './api';

/** The Delete User dialog: the account goes with all its projects and sessions. */
export function DeleteUserDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const remove = useDeleteAdminUser();
  return (
    <ConfirmDialog
      open={user !== null}
      onClose={onClose}
      title="Delete User"
      description="Are you sure you want to delete this user? This action cannot be undone."
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      onConfirm={() =>
        user &&
        remove.mutate(user.id, {
          onSuccess: () => {
            toast({
              title: 'User deleted',
              description: 'User has been successfully deleted.',
              variant: 'success',
            });
            onClose();
          },
          onError: () =>
            toast({
              title: 'Error',
              description: 'Failed to delete user.',
              variant: 'destructive',
            }),
        })
      }
    >
      <div className="bg-muted/50 grid gap-1 rounded-lg border px-4 py-3 text-sm">
        <span className="font-medium wrap-anywhere">{user?.email}</span>
        {user && user.projectCount > 0 && (
          <span className="text-muted-foreground text-xs">
            Their {user.projectCount} project{user.projectCount === 1 ? '' : 's'} will be deleted
            too.
          </span>
        )}
      </div>
    </ConfirmDialog>
  );
}
