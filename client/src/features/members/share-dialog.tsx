import { MEMBER_ROLES, type MemberRole, type ProjectMember } from '@kiln/shared';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FieldError, Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useChangeMemberRole, useInviteMember, useProjectMembers, useRemoveMember } from './api';
import { MemberRow } from './member-row';
import { ROLE_HINTS, ROLE_LABELS } from './roles';

/**
 * Who works in the project. The owner invites an account by email as an editor or a viewer,
 * changes roles and removes people; a member sees everyone and may leave.
 */
export function ShareDialog({
  projectId,
  projectName,
  open,
  onOpenChange,
}: {
  projectId: string;
  projectName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const members = useProjectMembers(projectId);
  const invite = useInviteMember(projectId);
  const changeRole = useChangeMemberRole(projectId);
  const remove = useRemoveMember(projectId);
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [error, setError] = useState<string | undefined>();
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();
  const isOwner = members.data?.yourRole === 'owner';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError('Enter the email address of a Kiln account');
      return;
    }
    setError(undefined);
    invite.mutate(
      { email: address, role },
      {
        onSuccess: () => {
          toast({
            title: `${address} can now ${role === 'editor' ? 'edit' : 'view'} this project`,
            variant: 'success',
          });
          setEmail('');
        },
        onError: (failure) => setError(messageOf(failure, 'Failed to invite')),
      },
    );
  };

  const onRoleChange = (member: ProjectMember, next: MemberRole) =>
    changeRole.mutate(
      { userId: member.userId, role: next },
      {
        onSuccess: () =>
          toast({
            title: `${member.name} is now ${next === 'editor' ? 'an editor' : 'a viewer'}`,
            variant: 'success',
          }),
        onError: (failure) =>
          toast({
            title: messageOf(failure, 'Failed to change the role'),
            variant: 'destructive',
          }),
      },
    );

  const onRemove = (member: ProjectMember, leaving: boolean) =>
    remove.mutate(member.userId, {
      onSuccess: () => {
        if (leaving) {
          toast({ title: `You left ${projectName}`, variant: 'success' });
          navigate('/dashboard');
        } else {
          toast({ title: `${member.name} was removed`, variant: 'success' });
        }
      },
      onError: (failure) =>
        toast({ title: messageOf(failure, 'Failed to remove'), variant: 'destructive' }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Share {projectName}</DialogTitle>
          <DialogDescription>
            {isOwner
              ? 'Invite people with a Kiln account. Editors change files, run code and use the AI; viewers read and preview.'
              : 'The people working in this project. Only its owner can invite or change roles.'}
          </DialogDescription>
        </DialogHeader>

        {isOwner && (
          <form onSubmit={submit} className="grid gap-2" noValidate>
            <div className="grid grid-cols-[1fr_auto] gap-2">
              <div className="grid gap-1.5">
                <Label htmlFor={emailId}>Email</Label>
                <Input
                  id={emailId}
                  type="email"
                  value={email}
                  placeholder="teammate@example.com"
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={roleId}>Role</Label>
                <Select
                  id={roleId}
                  value={role}
                  className="w-28"
                  title={ROLE_HINTS[role]}
                  onChange={(event) => setRole(event.target.value as MemberRole)}
                >
                  {MEMBER_ROLES.map((option) => (
                    <option key={option} value={option}>
                      {ROLE_LABELS[option]}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            <FieldError id={errorId} message={error} />
            <div>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? 'Inviting...' : 'Invite'}
              </Button>
            </div>
          </form>
        )}

        {members.isPending ? (
          <p className="text-muted-foreground text-sm">Loading members...</p>
        ) : members.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {messageOf(members.error, 'Failed to load the members')}
          </p>
        ) : (
          <ul aria-label="People in this project" className="grid max-h-80 gap-1 overflow-y-auto">
            {members.data.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                viewerIsOwner={isOwner}
                busy={changeRole.isPending || remove.isPending}
                onRoleChange={(next) => onRoleChange(member, next)}
                onRemove={(leaving) => onRemove(member, leaving)}
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
