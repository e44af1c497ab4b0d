import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { ToasterOnDemand } from '../components/ui/toaster-on-demand';
import { createQueryClient } from '../lib/query-client';
import { Router } from './router';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Router>{children}</Router>
        <ToasterOnDemand />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
