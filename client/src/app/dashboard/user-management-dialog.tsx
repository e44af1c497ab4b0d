import type { DirectoryUser } from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';
import { GitBranch, LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useLogout } from '../../features/auth';
import { useAuth } from '../../lib/session';

const joined = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The User Management dialog: every user, the (You) mark, the Git hosts settings, and Logout. */
export function UserManagementDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const logout = useLogout();
  const users = useQuery<DirectoryUser[]>({ queryKey: ['/api/auth/users'], enabled: open });

  useEffect(() => {
    if (users.isError) {
      toast({
        title: 'Failed to load users',
        description: users.error.message,
        variant: 'destructive',
      });
    }
  }, [users.isError, users.error]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>User Management</DialogTitle>
          <DialogDescription>
            Signed in as <strong className="text-foreground">{user?.name ?? user?.email}</strong>
          </DialogDescription>
        </DialogHeader>
        {/* A long list scrolls: it takes focus, so the keyboard can scroll it too. */}
        <div
          className="max-h-[50vh] overflow-y-auto rounded-lg border"
          aria-live="polite"
          role="region"
          aria-label="Users"
          tabIndex={0}
        >
          {users.isPending ? (
            <p className="text-muted-foreground p-4 text-sm">Loading users...</p>
          ) : !users.data || users.data.length === 0 ? (
            <p className="text-muted-foreground p-4 text-sm">No users found</p>
          ) : (
            <ul className="divide-y">
              {users.data.map((person) => (
                <li key={person.id} className="flex items-center gap-3 p-3" data-testid="user-row">
                  <span className="bg-accent text-accent-foreground flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold">
                    {(person.name ?? person.email).charAt(0).toUpperCase()}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">
                      {person.name ?? 'Unnamed User'}
                      {person.id === user?.id && (
                        <span className="text-muted-foreground font-normal"> (You)</span>
                      )}
                    </p>
                    <p className="text-muted-foreground truncate text-xs">{person.email}</p>
                  </div>
                  <p className="text-muted-foreground shrink-0 text-xs">
                    Joined {joined.format(new Date(person.createdAt))}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link href="/settings/git-hosts">
              <GitBranch aria-hidden /> Git hosts
            </Link>
          </Button>
          <Button
            variant="outline"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSuccess: () => {
                  toast({ title: 'Logged out' });
                  navigate('/');
                },
                onError: () => toast({ title: 'Logout failed', variant: 'destructive' }),
              })
            }
          >
            <LogOut aria-hidden /> Logout
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
