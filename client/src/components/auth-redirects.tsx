import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../lib/session';

/**
 * Renders its children for signed-in users (administrators only, with `adminOnly`); anyone
 * else goes to `to` and nothing renders (how /admin keeps out everyone but administrators).
 */
export function RequireAuth({
  children,
  to = '/',
  adminOnly = false,
}: {
  children: ReactNode;
  to?: string;
  adminOnly?: boolean;
}) {
  const { user, isLoading } = useAuth();
  const allowed = user !== null && (!adminOnly || user.isAdmin);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && !allowed) navigate(to, { replace: true });
  }, [isLoading, allowed, navigate, to]);
  if (isLoading || !allowed) return null;
  return <>{children}</>;
}

/** A signed-in visitor of the landing page goes to /dashboard. */
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
