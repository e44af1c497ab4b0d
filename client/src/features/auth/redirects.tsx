import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from './use-auth';

/** Renders its children for signed-in users; others go to `to` and nothing renders. */
export function RequireAuth({ children, to = '/' }: { children: ReactNode; to?: string }) {
  const { isAuthenticated, isLoading } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) navigate(to, { replace: true });
  }, [isLoading, isAuthenticated, navigate, to]);
  if (isLoading || !isAuthenticated) return null;
  return <>{children}</>;
}

/** Spec accounts 2: a signed-in visitor of the landing page goes to /dashboard. */
export function RedirectIfAuthenticated({
  children,
  to = '/dashboard',
}: {
  children: ReactNode;
  to?: string;
}) {
  const { isAuthenticated, isLoading } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && isAuthenticated) navigate(to, { replace: true });
  }, [isLoading, isAuthenticated, navigate, to]);
  if (isAuthenticated) return null;
  return <>{children}</>;
}
