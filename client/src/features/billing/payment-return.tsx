import { lazy, Suspense, useState } from 'react';
import { useSearch } from 'wouter';

const PaymentReturnWatcher = lazy(() =>
  import('./use-payment-return').then((module) => ({ default: module.PaymentReturnWatcher })),
);

/**
 * The return from a payment (usePaymentReturn), loaded only when the address says so: Stripe
 * sends the browser back with a full page load, so the flag is read once, at mount, and a
 * dashboard visited without it does without the watcher's code (bench/page-weight).
 */
export function PaymentReturn() {
  const search = useSearch();
  const [returned] = useState(() => new URLSearchParams(search).get('payment') === 'success');
  if (!returned) return null;
  return (
    <Suspense fallback={null}>
      <PaymentReturnWatcher />
    </Suspense>
  );
}
