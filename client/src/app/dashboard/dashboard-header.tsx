import { ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/session';
import { UserManagementDialog } from './dashboard-dialogs';

/** The dashboard header has the user-management button and the theme toggle. */
export function DashboardHeader() {
  const { user } = useAuth();
  const [usersOpen, setUsersOpen] = useState(false);
  const label = user?.name ?? user?.email ?? '';
  return (
    <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo href="/dashboard" />
        <div className="ml-auto flex items-center gap-2">
          {user?.isAdmin && (
            <Button
              asChild
              variant="outline"
              className="w-10 px-0 sm:w-auto sm:px-4"
              aria-label="Admin Portal"
            >
              <Link href="/admin">
                <ShieldCheck aria-hidden />
                <span className="hidden sm:inline">Admin Portal</span>
              </Link>
            </Button>
          )}
          {/* Named by what it shows, then what it opens: a spoken name starts with the visible one. */}
          <Button variant="ghost" onClick={() => setUsersOpen(true)}>
            <span
              className="bg-accent text-accent-foreground flex size-7 items-center justify-center rounded-full text-xs font-semibold"
              aria-hidden
            >
              {label.charAt(0).toUpperCase()}
            </span>
            <span className="hidden max-w-40 truncate sm:inline">{label}</span>
            <span className="sr-only">User management</span>
            <Users className="text-muted-foreground" aria-hidden />
          </Button>
          <ThemeToggle />
        </div>
      </div>
      <UserManagementDialog open={usersOpen} onOpenChange={setUsersOpen} />
    </header>
  );
}
