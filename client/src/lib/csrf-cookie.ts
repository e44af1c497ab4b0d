import { CSRF_COOKIE, HTTPS_COOKIE_PREFIX } from '@kiln/shared';

/** One cookie's value out of a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = cookies.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/**
 * The CSRF token the server issued last: `__Host-csrf_token` when Kiln is served over https,
 * `csrf_token` over http (docs/decisions/0002-sessions-csrf-and-throttling.md). It changes at
 * sign-in and sign-out, so it is read afresh for every request, never kept.
 */
export function csrfTokenFromCookies(cookies: string): string | undefined {
  return (
    readCookie(cookies, `${HTTPS_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(cookies, CSRF_COOKIE)
  );
}
