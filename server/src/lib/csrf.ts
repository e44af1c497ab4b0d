import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@kiln/shared';
import { AppError } from './app-error';
import { createToken, safeEqual } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token in force for this browser (from its cookie, or issued with this response). */
    csrfToken: string;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfOptions {
  /** Paths verified another way (the Stripe webhook is verified by its signature). */
  exemptPaths?: readonly string[];
  secure: boolean | 'auto';
}

/**
 * Double-submit CSRF protection (DESIGN.md section 3): a response to a request without the
 * cookie sets one; every state-changing /api request must echo it in the header.
 */
export function installCsrf(app: FastifyInstance, options: CsrfOptions): void {
  const exempt = new Set(options.exemptPaths ?? []);

  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    request.csrfToken = cookie ?? createToken();
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, request.csrfToken, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: options.secure,
      });
    }
    if (!needsCheck(request, exempt)) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new AppError(
        'CSRF_FAILED',
        'Security check failed: reload the page and try again (missing or invalid CSRF token)',
      );
    }
  });
}

function needsCheck(request: FastifyRequest, exempt: Set<string>): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const path = routedPath(request);
  return path.startsWith('/api/') && !exempt.has(path);
}

/**
 * The path of the route that will answer, not the raw URL: the router decodes percent-escapes,
 * so `/%61pi/auth/logout` reaches `/api/auth/logout` and must be checked like it.
 */
function routedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined) return route;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
