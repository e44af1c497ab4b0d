import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, CSRF_PRESESSION_COOKIE, SESSION_COOKIE } from '@kiln/shared';
import { AppError } from './app-error';
import { cookieName, cookieOptions } from './csrf-cookies';
import { mintCsrfToken, presessionBinding, sessionBinding, verifyCsrfToken } from './csrf-token';
import { deriveKey } from './secret-key';
import { createToken, safeEqual } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token in force for this browser (from its cookie, or issued with this response). */
    csrfToken: string;
    /**
     * Issues a new token for the browser's new state, with the cookie that carries it: bound to
     * the session whose cookie token is given (sign-in), or, for `null` (sign-out, a session found
     * dead), to a new pre-session value.
     */
    rotateCsrfToken(reply: FastifyReply, sessionToken: string | null): void;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PRESESSION_PATTERN = /^[\w-]{43}$/;

export interface CsrfOptions {
  /** Paths verified another way (the Stripe webhook is verified by its signature). */
  exemptPaths?: readonly string[];
  /** The server's root secret (lib/secret-key.ts), from which the signing key is derived. */
  rootKey: Buffer;
}

/**
 * CSRF protection (docs/decisions/0002-sessions-csrf-and-throttling.md): every response makes sure
 * the browser holds a token signed for its session (or, signed out, for its pre-session cookie);
 * every state-changing /api request must echo that cookie in the header, and the token must verify
 * for the session the request carries. A cookie planted by another page fails that check.
 */
export async function installCsrf(app: FastifyInstance, options: CsrfOptions): Promise<void> {
  const exempt = new Set(options.exemptPaths ?? []);
  const key = deriveKey(options.rootKey, 'csrf-token');

  const issue = (request: FastifyRequest, reply: FastifyReply, binding: string) => {
    request.csrfToken = mintCsrfToken(key, binding);
    reply.setCookie(
      cookieName(request, CSRF_COOKIE),
      request.csrfToken,
      cookieOptions(request, { httpOnly: false }),
    );
  };

  app.decorateRequest('csrfToken', '');
  app.decorateRequest(
    'rotateCsrfToken',
    function rotateCsrfToken(
      this: FastifyRequest,
      reply: FastifyReply,
      sessionToken: string | null,
    ) {
      const binding =
        sessionToken === null ? newPresession(this, reply) : sessionBinding(sessionToken);
      issue(this, reply, binding);
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    const binding = currentBinding(request, reply);
    const cookie = request.cookies[cookieName(request, CSRF_COOKIE)];
    const verified = cookie !== undefined && verifyCsrfToken(key, binding, cookie) ? cookie : null;
    // A missing, stale or planted cookie is replaced, so the page's next attempt carries a good one.
    if (verified !== null) request.csrfToken = verified;
    else issue(request, reply, binding);
    if (!needsCheck(request, exempt)) return;
    const header = request.headers[CSRF_HEADER];
    if (verified === null || typeof header !== 'string' || !safeEqual(verified, header)) {
      throw new AppError(
        'CSRF_FAILED',
        'Security check failed: reload the page and try again (missing or invalid CSRF token)',
      );
    }
  });
}

/**
 * The session cookie when there is one (checked from the cookie alone: the session hook runs
 * later and looks the session up), else the pre-session cookie, made now if missing.
 */
function currentBinding(request: FastifyRequest, reply: FastifyReply): string {
  const session = request.cookies[cookieName(request, SESSION_COOKIE)];
  if (session) return sessionBinding(session);
  const presession = request.cookies[cookieName(request, CSRF_PRESESSION_COOKIE)];
  if (presession !== undefined && PRESESSION_PATTERN.test(presession)) {
    return presessionBinding(presession);
  }
  return newPresession(request, reply);
}

function newPresession(request: FastifyRequest, reply: FastifyReply): string {
  const presession = createToken();
  reply.setCookie(
    cookieName(request, CSRF_PRESESSION_COOKIE),
    presession,
    cookieOptions(request, { httpOnly: true }),
  );
  return presessionBinding(presession);
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
