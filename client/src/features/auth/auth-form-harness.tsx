// Test support for the sign-in and registration forms (not part of the app): the API they call,
// stubbed at fetch so the real request helper and error reading run, and the providers and
// Toaster around them, so a test reads the toasts a person would.
import type { ErrorCode, User } from '@kiln/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '../../components/ui/toaster';
import { dismissToast, type ToastInput } from '../../components/ui/toast-store';
import { createQueryClient } from '../../lib/query-client';

const USER: User = {
  id: 'u1',
  name: null,
  username: 'ada',
  email: 'ada@example.com',
  createdAt: '2026-11-01T00:00:00.000Z',
  subscriptionPlan: 'free',
  subscriptionStatus: 'free',
  isAdmin: false,
  emailVerified: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Kiln's own refusal: its sentence is what the form shows. */
export const kilnRefusal = (status: number, code: ErrorCode, error: string) =>
  json({ error, code }, status);

/** A proxy's page instead of Kiln's answer: the form falls back to its own words. */
export const proxyPage = () =>
  new Response('<html>Bad Gateway</html>', {
    status: 502,
    statusText: 'Bad Gateway',
    headers: { 'Content-Type': 'text/html' },
  });

export const signedIn = () => json({ user: USER }, 200);

/**
 * Answers the form's POST with `answer()` (a CSRF token first, signed out for /me) and keeps the
 * bodies the form sent.
 */
export function stubAuthApi(answer: () => Response | Promise<Response>) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://kiln.test').pathname;
      if (path === '/api/auth/csrf') return json({ csrfToken: 'token' });
      if (path === '/api/auth/me') return kilnRefusal(401, 'UNAUTHENTICATED', 'Sign in first');
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  return sent;
}

/** An answer held back until released, to see the form while it waits. */
export function heldAnswer() {
  let resolve = (_response: Response) => {};
  return {
    answer: () => new Promise<Response>((settle) => (resolve = settle)),
    release: (response: Response) => act(async () => resolve(response)),
  };
}

/** Renders `ui` at `path`; `history` lists where it navigated since. */
export function renderAt(path: string, ui: ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location.history;
}

/** Types into the labelled fields, then presses the button. */
export function fillAndSubmit(fields: Record<string, string>, button: string) {
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: button }));
}

export const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** Waits for the toast a person would see, with these words and this look. */
export const expectToast = ({ title, description, variant }: Required<ToastInput>) =>
  waitFor(() => {
    const shown = screen.getByTestId('toast');
    expect(shown.getAttribute('data-variant')).toBe(variant);
    // The title, then the description: the icons and the close button carry no text.
    expect(shown.textContent).toBe(title + description);
  });

/** After each test: unmounted, fetch restored, and no toast left open for the next to find. */
export function resetAuthHarness() {
  cleanup();
  vi.unstubAllGlobals();
  dismissToast();
}
