import {
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type AdminUser,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '@kiln/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { planOptionLabel, planStatusNote, STATUS_LABELS } from './admin-model';
import { useUpdateAdminUser } from './api';

/** The Edit User dialog: plan, status and the administrator flag. */
export function EditUserDialog({
  user,
  currentUserId,
  onClose,
}: {
  user: AdminUser | null;
  currentUserId: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>
            Change the plan, billing status or administrator access.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by user, so each opening starts from that user's saved values. */}
        {user && (
          <EditUserForm
            key={user.id}
            user={user}
            isSelf={user.id === currentUserId}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({
  user,
  isSelf,
  onClose,
}: {
  user: AdminUser;
  isSelf: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [plan, setPlan] = useState<SubscriptionPlan>(user.subscriptionPlan);
  const [status, setStatus] = useState<SubscriptionStatus>(user.subscriptionStatus);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const update = useUpdateAdminUser();
  const note = planStatusNote(plan, status);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        id: user.id,
        changes: { subscriptionPlan: plan, subscriptionStatus: status, isAdmin },
      },
      {
        onSuccess: () => {
          toast({
            title: 'User updated',
            description: 'User has been successfully updated.',
            variant: 'success',
          });
          onClose();
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update user.', variant: 'destructive' }),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          value={user.email}
          readOnly
          className="bg-muted text-muted-foreground cursor-default"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-plan`}>Plan</Label>
        <Select
          id={`${id}-plan`}
          // Focus starts on the first thing to change rather than the read-only email.
          autoFocus
          value={plan}
          onChange={(event) => setPlan(event.target.value as SubscriptionPlan)}
        >
          {SUBSCRIPTION_PLANS.map((option) => (
            <option key={option} value={option}>
              {planOptionLabel(option)}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={status}
          aria-describedby={`${id}-status-note`}
          onChange={(event) => setStatus(event.target.value as SubscriptionStatus)}
        >
          {SUBSCRIPTION_STATUSES.map((option) => (
            <option key={option} value={option}>
              {STATUS_LABELS[option]}
            </option>
          ))}
        </Select>
        {/* Said as the choice changes: Pro with status Free, say, is a plan given free of charge. */}
        <p
          id={`${id}-status-note`}
          className="text-muted-foreground text-xs empty:hidden"
          aria-live="polite"
          data-testid="plan-status-note"
        >
          {note}
        </p>
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <input
            id={`${id}-admin`}
            type="checkbox"
            className="accent-primary size-4 cursor-pointer disabled:cursor-not-allowed"
            checked={isAdmin}
            // The server refuses it too: an administrator cannot remove their own access.
            disabled={isSelf}
            aria-describedby={isSelf ? `${id}-admin-hint` : undefined}
            onChange={(event) => setIsAdmin(event.target.checked)}
          />
          <Label htmlFor={`${id}-admin`}>Administrator</Label>
        </div>
        {isSelf && (
          <p id={`${id}-admin-hint`} className="text-muted-foreground text-xs">
            You cannot remove your own administrator access.
          </p>
        )}
      </div>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
