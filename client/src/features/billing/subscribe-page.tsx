import { PLANS, type PaidPlan } from '@kiln/shared';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import { Check, CreditCard, Loader2, Lock } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { toast } from '../../components/ui/toast-store';
import { formatGbp } from '../../lib/money';
import { ApiError, messageOf } from '../../lib/api-error';
import { useTheme } from '../../lib/theme';
import { RequireAuth } from '../../components/auth-redirects';
import { createSubscription, fetchBillingConfig } from './api';
import { checkoutPlan, paymentReturnUrl } from './checkout-plan';

/**
 * The subscribe page, /subscribe?plan=pro|enterprise, for signed-in users only, between the
 * public site's header and footer (features/marketing, handed in by app/pages/subscribe.tsx).
 */
export default function SubscribePage({
  header,
  footer,
}: {
  header: ReactNode;
  footer: ReactNode;
}) {
  const search = useSearch();
  const here = `/subscribe${search ? `?${search}` : ''}`;
  return (
    <RequireAuth to={`/login?redirect=${encodeURIComponent(here)}`}>
      <div className="flex min-h-dvh flex-col">
        {header}
        <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-4 py-10">
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold tracking-tight">Complete your subscription</h1>
            <p className="text-muted-foreground">
              Upgrade to {PLANS[checkoutPlan(search)].name} and get back to building.
            </p>
          </div>
          <Checkout plan={checkoutPlan(search)} />
          <p className="text-muted-foreground text-center text-xs">
            By subscribing, you agree to our{' '}
            <Link href="/terms-of-service" className="underline underline-offset-2">
              Terms of Service
            </Link>
            . You can cancel at any time: Manage Billing on your dashboard shows how.
          </p>
        </main>
        {footer}
      </div>
    </RequireAuth>
  );
}

function PlanDetails({ plan }: { plan: PaidPlan }) {
  const details = PLANS[plan];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plan Details</CardTitle>
        <CardDescription>{details.tagline}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-baseline justify-between gap-4">
          <span className="text-lg font-semibold">{details.name}</span>
          <span>
            <span className="text-3xl font-bold">{formatGbp(details.priceGbp)}</span>
            <span className="text-muted-foreground">/month</span>
          </span>
        </div>
        <ul className="grid gap-2" aria-label={`${details.name} features`}>
          {details.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2 text-sm">
              <Check className="text-primary size-4 shrink-0" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Stripe.js is loaded once per key, only when a checkout needs it. */
const stripeLoads = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch(() => null);
    stripeLoads.set(publishableKey, load);
  }
  return load;
}

function Checkout({ plan }: { plan: PaidPlan }) {
  const [, navigate] = useLocation();
  const { theme } = useTheme();
  const config = useQuery({ queryKey: ['/api/billing/config'], queryFn: fetchBillingConfig });
  // One checkout per visit and plan: the query cache keeps a re-render from starting another.
  const session = useQuery({
    queryKey: ['/api/create-subscription', plan],
    queryFn: () => createSubscription(plan),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  const publishableKey = config.data?.publishableKey;

  useEffect(() => {
    if (!session.error) return;
    toast({
      title: 'Error',
      description: messageOf(session.error, 'Failed to initialize payment'),
      variant: 'destructive',
    });
    // Payments switched off is explained here; any other failure goes back to the plans.
    if (!(session.error instanceof ApiError && session.error.status === 503)) navigate('/pricing');
  }, [session.error, navigate]);

  useEffect(() => {
    if (!publishableKey || !session.data) return;
    let current = true;
    void stripeFor(publishableKey).then((loaded) => {
      if (current) setStripe(loaded);
    });
    return () => {
      current = false;
    };
  }, [publishableKey, session.data]);

  const clientSecret = session.data?.clientSecret;
  const options = useMemo(
    () =>
      clientSecret
        ? {
            clientSecret,
            appearance: { theme: theme === 'dark' ? ('night' as const) : ('stripe' as const) },
          }
        : undefined,
    [clientSecret, theme],
  );

  const failed = session.isError || config.isError || stripe === null || publishableKey === null;
  const loading = !failed && (session.isPending || config.isPending || stripe === undefined);

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <PlanDetails plan={plan} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="size-5" aria-hidden /> Payment Method
          </CardTitle>
          <CardDescription className="flex items-center gap-1.5">
            <Lock className="size-3.5" aria-hidden /> Secure payment powered by Stripe
          </CardDescription>
        </CardHeader>
        <CardContent>
          {failed ? (
            <div className="grid justify-items-center gap-4 py-8 text-center" role="alert">
              <p className="font-medium">Unable to load payment form</p>
              <p className="text-muted-foreground text-sm">
                {session.error
                  ? messageOf(session.error, 'Failed to initialize payment')
                  : 'The payment provider could not be reached. Please try again later.'}
              </p>
              <Button asChild variant="outline">
                <Link href="/pricing">Return to Pricing</Link>
              </Button>
            </div>
          ) : loading || !stripe || !options ? (
            <div
              className="text-muted-foreground flex items-center justify-center gap-2 py-12 text-sm"
              role="status"
            >
              <Loader2 className="size-5 animate-spin" aria-hidden /> Preparing secure checkout…
            </div>
          ) : (
            <Elements stripe={stripe} options={options}>
              <PaymentForm plan={plan} />
            </Elements>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PaymentForm({ plan }: { plan: PaidPlan }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: paymentReturnUrl(window.location.origin) },
      });
      // On success the browser has left for the return URL; an answer here is a failure.
      if (error) {
        toast({
          title: 'Payment Failed',
          description: error.message ?? 'Your payment could not be completed.',
          variant: 'destructive',
        });
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Something went wrong',
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-6">
      <PaymentElement onReady={() => setReady(true)} />
      <Button
        type="submit"
        size="lg"
        disabled={!stripe || !elements || !ready || submitting}
        className="w-full"
      >
        {submitting ? 'Processing...' : `Subscribe to ${PLANS[plan].name}`}
      </Button>
    </form>
  );
}
