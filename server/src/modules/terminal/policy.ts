import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/app-error';

/**
 * Route hook against cross-site WebSocket hijacking: a browser sends the session cookie with a
 * socket any page opens, and CSRF tokens do not apply to it, so the page's origin must be
 * Kiln's: PUBLIC_URL's, or the one the request was addressed to (a server reached by another
 * name). A request with no Origin is not from a browser page, which always sends one.
 */
export function sameOriginOnly(publicUrl: string) {
  const appOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest): Promise<void> => {
    const { origin } = request.headers;
    if (origin === undefined) return;
    if (origin === appOrigin || origin === `${request.protocol}://${request.host}`) return;
    throw forbidden('A terminal can only be opened from Kiln itself.');
  };
}
