import { MEMBER_ROLES, type MemberRole, type ProjectMember } from '@kiln/shared';
import { LogOut, X } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/input';
import { useAuth } from '../../lib/session';
import { ROLE_HINTS, ROLE_LABELS } from './roles';

/**
 * One person in the Share dialog: name, email and role. The owner may change a member's role
 * or remove them; a member sees a Leave button on their own row.
 */
export function MemberRow({
  member,
  viewerIsOwner,
  busy,
  onRoleChange,
  onRemove,
}: {
  member: ProjectMember;
  viewerIsOwner: boolean;
  busy: boolean;
  onRoleChange: (role: MemberRole) => void;
  /** `leaving` is true when the person removes themselves. */
  onRemove: (leaving: boolean) => void;
}) {
  const { user } = useAuth();
  const isYou = user?.id === member.userId;
  const editable = viewerIsOwner && member.role !== 'owner';
  return (
    <li
      className="hover:bg-muted/50 flex items-center gap-3 rounded-md px-2 py-2"
      data-testid="member-row"
    >
      <span
        aria-hidden
        className="bg-primary/15 text-primary-tint-foreground grid size-8 shrink-0 place-items-center rounded-full text-xs font-semibold"
      >
        {member.name.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {member.name}
          {isYou && <span className="text-muted-foreground font-normal"> (you)</span>}
        </p>
        <p className="text-muted-foreground truncate text-xs">{member.email}</p>
      </div>
      {editable ? (
        <>
          <Select
            aria-label={`Role of ${member.name}`}
            value={member.role}
            className="h-8 w-28"
            title={ROLE_HINTS[member.role]}
            disabled={busy}
            onChange={(event) => onRoleChange(event.target.value as MemberRole)}
          >
            {MEMBER_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </Select>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${member.name}`}
            disabled={busy}
            onClick={() => onRemove(false)}
          >
            <X aria-hidden />
          </Button>
        </>
      ) : (
        <Badge
          variant={member.role === 'owner' ? 'default' : 'secondary'}
          title={ROLE_HINTS[member.role]}
        >
          {ROLE_LABELS[member.role]}
        </Badge>
      )}
      {isYou && member.role !== 'owner' && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => onRemove(true)}>
          <LogOut aria-hidden /> Leave
        </Button>
      )}
    </li>
  );
}
