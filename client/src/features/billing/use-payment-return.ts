import { PLANS } from '@kiln/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../components/ui/toast-store';
import { ME_QUERY_KEY, useAuth } from '../../lib/session';

const POLL_MS = 2_000;
const POLL_FOR_MS = 60_000;

/**
 * Back from Stripe at /dashboard?payment=success (decision 0010): the plan changes when
 * Stripe's webhook arrives, usually seconds later, so the signed-in user is re-read until it
 * has. The flag leaves the address at once, so a reload does not say it again.
 */
export function usePaymentReturn() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const returned = new URLSearchParams(search).get('payment') === 'success';
  // Stripe sends the browser back with a full page load, so the flag is there at mount.
  const [awaitingSince] = useState(() => (returned ? Date.now() : null));
  const announced = useRef(false);
  const planAtReturn = useRef<string | null>(null);
  const plan = user?.subscriptionPlan ?? null;

  useEffect(() => {
    if (!returned) return;
    toast({
      title: 'Payment received',
      description: 'Thank you! Your plan is being upgraded; this takes a few seconds.',
    });
    const rest = new URLSearchParams(search);
    rest.delete('payment');
    const query = rest.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  }, [returned, search, location, navigate]);

  useEffect(() => {
    if (awaitingSince === null || announced.current || plan === null) return;
    planAtReturn.current ??= plan;
    if (plan !== planAtReturn.current) {
      announced.current = true;
      toast({
        title: 'Plan upgraded',
        description: `You are now on the ${PLANS[plan].name} plan.`,
      });
      return;
    }
    const timer = setInterval(() => {
      if (Date.now() - awaitingSince > POLL_FOR_MS) clearInterval(timer);
      else void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [awaitingSince, plan, queryClient]);
}

/** The hook as a component, for `PaymentReturn` to load when the flag is there. */
export function PaymentReturnWatcher() {
  usePaymentReturn();
  return null;
}
