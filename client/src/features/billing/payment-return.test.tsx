// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { dismissToast } from '../../components/ui/toast-store';
import { Toaster } from '../../components/ui/toaster';
import { createQueryClient } from '../../lib/query-client';
import { PaymentReturn } from './payment-return';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dismissToast();
});

function renderAt(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: 'Sign in first' }), { status: 401 })),
  );
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <PaymentReturn />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location.history;
}

describe('PaymentReturn', () => {
  it('loads the watcher when back from a payment: it thanks and takes the flag off the address', async () => {
    const history = renderAt('/dashboard?payment=success&view=list');
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(history.at(-1)).toBe('/dashboard?view=list');
  });

  it('does nothing on a visit without the flag', async () => {
    const history = renderAt('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(history).toEqual(['/dashboard']);
  });
});
