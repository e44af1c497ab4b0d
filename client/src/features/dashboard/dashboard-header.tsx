import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { useLogout } from '../auth/mutations';
import { useAuth } from '../auth/use-auth';

export function DashboardHeader() {
  const { user } = useAuth();
  const logout = useLogout();
  const [, navigate] = useLocation();
  return (
    <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo href="/dashboard" />
        <div className="ml-auto flex items-center gap-2">
          <span className="text-muted-foreground hidden text-sm sm:inline">
            {user?.name ?? user?.email}
          </span>
          <ThemeToggle />
          <Button
            variant="outline"
            size="sm"
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
      </div>
    </header>
  );
}
