import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toaster, loaded with the first toast and kept from then on: Radix's toast code is not part
 * of the JavaScript a first visit downloads (bench/page-weight), and most visits raise none.
 */
export function ToasterOnDemand() {
  const raised = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (raised && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
