import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { HTTPS_COOKIE_PREFIX } from '@kiln/shared';

/**
 * Names and attributes of the cookies that CSRF protection relies on: its own and the session
 * cookie its tokens are bound to (docs/decisions/0002-sessions-csrf-and-throttling.md).
 */

/** As the request reached Kiln: with TRUST_PROXY, as the proxy's X-Forwarded-Proto says. */
export function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * `__Host-name` over https, where the browser then holds the cookie to Secure, Path=/ and no
 * Domain; the bare name over http (127.0.0.1 in development and tests), where it cannot.
 */
export function cookieName(request: FastifyRequest, name: string): string {
  return servedOverHttps(request) ? `${HTTPS_COOKIE_PREFIX}${name}` : name;
}

/** Path=/ and never a Domain; Secure exactly when served over https, as `__Host-` requires. */
export function cookieOptions(
  request: FastifyRequest,
  options: { httpOnly: boolean; maxAgeSeconds?: number },
): CookieSerializeOptions {
  return {
    path: '/',
    sameSite: 'lax',
    httpOnly: options.httpOnly,
    secure: servedOverHttps(request),
    ...(options.maxAgeSeconds === undefined ? {} : { maxAge: options.maxAgeSeconds }),
  };
}
