import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@kiln/shared';
import type { Database } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { createSession, deleteSession, getSessionUser, type SessionPolicy } from './sessions';

export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request, or null (set before any handler runs). */
    auth: AuthContext | null;
  }
}

/** Resolves the session cookie once per API request, so handlers and policies just read it. */
export function installSessionHook(app: FastifyInstance, db: Database, policy: SessionPolicy) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth = await getSessionUser({ db, token, policy });
    if (!request.auth) clearSessionCookie(reply);
  });
}

export function sessionCookieOptions(maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: 'auto' as const,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions());
}

/**
 * A new session on every sign-in (login, registration, password reset): the browser's previous
 * session, if any, is deleted and its token never carried over (session fixation).
 */
export async function startSession(options: {
  db: Database;
  request: FastifyRequest;
  reply: FastifyReply;
  user: UserRow;
  policy: SessionPolicy;
}) {
  const { request, reply } = options;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession({ db: options.db, token: previous });
  const { token, session } = await createSession({
    db: options.db,
    userId: options.user.id,
    policy: options.policy,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  reply.setCookie(
    SESSION_COOKIE,
    token,
    sessionCookieOptions(Math.floor(options.policy.maxMs / 1000)),
  );
  request.auth = { user: options.user, session };
}
