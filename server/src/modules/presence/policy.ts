import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/app-error';

/**
 * Against cross-site WebSocket hijacking: a browser sends the session cookie with a socket any
 * page opens, so the page must be Kiln's (PUBLIC_URL's origin, or the one the request was
 * addressed to). A request with no Origin is not from a browser page, which always sends one.
 */
export function kilnOriginOnly(publicUrl: string) {
  const appOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest): Promise<void> => {
    const { origin } = request.headers;
    if (origin === undefined) return;
    if (origin === appOrigin || origin === `${request.protocol}://${request.host}`) return;
    throw forbidden('Live collaboration is only available from Kiln itself.');
  };
}
