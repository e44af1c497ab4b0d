import { csrfTokenFromCookies } from './csrf-cookie';

/**
 * The token for the next state-changing request. The server sets the cookie on any response (and
 * replaces it at sign-in and sign-out); a first POST with no cookie yet asks for one explicitly.
 */
export async function ensureCsrfToken(): Promise<string> {
  const existing = csrfTokenFromCookies(document.cookie);
  if (existing) return existing;
  const response = await fetch('/api/auth/csrf', { credentials: 'include' });
  const fromCookie = csrfTokenFromCookies(document.cookie);
  if (fromCookie) return fromCookie;
  const body = (await response.json()) as { csrfToken: string };
  return body.csrfToken;
}
