import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@kiln/shared';
import type { Database } from '../../db/client';
import type { SessionRow } from './tables';
import type { UserRow } from '../users/tables';
import { cookieName, cookieOptions } from '../../lib/csrf-cookies';
import { createSession, deleteSession, getSessionUser, type SessionPolicy } from './sessions';
import type { AccountChanges } from './account-changes';
import type { SessionCache } from './session-cache';

export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request or /ws upgrade, or null (set before any handler runs). */
    auth: AuthContext | null;
  }
}

/**
 * Resolves the session cookie once per API request (and the collaboration socket's upgrade,
 * GET /ws), so handlers and policies just read it.
 */
export function installSessionHook(
  app: FastifyInstance,
  db: Database,
  policy: SessionPolicy,
  cache: SessionCache,
) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url.split('?', 1)[0] !== '/ws') return;
    const token = readSessionCookie(request);
    if (!token) return;
    request.auth = await getSessionUser({ db, token, policy, cache });
    if (!request.auth) {
      // The browser is signed out now, so its token (bound to the dead session) is replaced too.
      clearSessionCookie(request, reply);
      request.rotateCsrfToken(reply, null);
    }
  });
}

/** `__Host-session_token` over https, `session_token` over http (lib/csrf-cookies.ts). */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(request, SESSION_COOKIE)];
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(
    cookieName(request, SESSION_COOKIE),
    cookieOptions(request, { httpOnly: true }),
  );
}

/**
 * A new session on every sign-in (login, registration, password reset): the browser's previous
 * session, if any, is deleted and its token never carried over (session fixation), and the answer
 * carries a CSRF token bound to the new session.
 */
export async function startSession(options: {
  db: Database;
  request: FastifyRequest;
  reply: FastifyReply;
  user: UserRow;
  policy: SessionPolicy;
  changes: AccountChanges;
}) {
  const { request, reply } = options;
  const previous = readSessionCookie(request);
  const endedFor = previous ? await deleteSession({ db: options.db, token: previous }) : null;
  if (endedFor) options.changes.publish({ userId: endedFor });
  const { token, session } = await createSession({
    db: options.db,
    userId: options.user.id,
    policy: options.policy,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  reply.setCookie(
    cookieName(request, SESSION_COOKIE),
    token,
    cookieOptions(request, {
      httpOnly: true,
      maxAgeSeconds: Math.floor(options.policy.maxMs / 1000),
    }),
  );
  request.rotateCsrfToken(reply, token);
  request.auth = { user: options.user, session };
}
