import { CSRF_COOKIE } from '@kiln/shared';

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** The server sets the cookie on any response; a first POST asks for one explicitly. */
export async function ensureCsrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  const response = await fetch('/api/auth/csrf', { credentials: 'include' });
  const fromCookie = readCookie(CSRF_COOKIE);
  if (fromCookie) return fromCookie;
  const body = (await response.json()) as { csrfToken: string };
  return body.csrfToken;
}
