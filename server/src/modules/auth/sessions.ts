import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { sessions, type SessionRow } from './tables';
import { users } from '../users/tables';
import type { CachedSession, SessionCache } from './session-cache';
import { createToken, hashToken } from '../../lib/tokens';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** Touching the row on every request would turn reads into writes; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export interface CreatedSession {
  token: string;
  session: SessionRow;
}

export async function createSession(options: {
  db: DbOrTx;
  userId: string;
  policy: SessionPolicy;
  userAgent?: string | undefined;
  ip?: string | undefined;
}): Promise<CreatedSession> {
  const token = createToken();
  const now = Date.now();
  const [session] = await options.db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: options.userId,
      expiresAt: new Date(now + options.policy.maxMs),
      userAgent: options.userAgent?.slice(0, 500) ?? null,
      ip: options.ip ?? null,
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  return { token, session };
}

/** Every signed-in request asks it (modules/auth/session-hook.ts), so it is prepared once. */
function sessionUserQuery(db: DbOrTx, name: string) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name);
}

/**
 * The user behind a cookie token, or null when it is unknown, idle too long or past its end.
 * With a cache, a session this instance validated in the last seconds is not asked for again
 * (session-cache.ts); its deadlines are checked all the same.
 */
export async function getSessionUser(options: {
  db: DbOrTx;
  token: string;
  policy: SessionPolicy;
  cache?: SessionCache | undefined;
}): Promise<CachedSession | null> {
  const { cache } = options;
  const id = hashToken(options.token);
  const mark = cache?.mark() ?? 0;
  let row = cache?.read(id);
  if (!row) {
    [row] = await preparedFor(options.db, 'kiln_session_user', sessionUserQuery).execute({ id });
  }
  if (!row) return null;
  const now = Date.now();
  const idleSince = row.session.lastSeenAt.getTime();
  if (row.session.expiresAt.getTime() <= now || now - idleSince >= options.policy.idleMs) {
    cache?.forgetSession(id);
    await options.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - idleSince >= TOUCH_INTERVAL_MS) {
    const lastSeenAt = new Date(now);
    await options.db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, id));
    row = { ...row, session: { ...row.session, lastSeenAt } };
  }
  cache?.remember(id, row, mark);
  return row;
}

/** Ends the session behind a cookie token; answers whose it was, for the change to be published. */
export async function deleteSession(options: {
  db: DbOrTx;
  token: string;
}): Promise<string | null> {
  const [ended] = await options.db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(options.token)))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/** Ends every session of a user except, optionally, the one given (after a password reset). */
export async function deleteUserSessions(options: {
  db: DbOrTx;
  userId: string;
  exceptSessionId?: string;
}): Promise<void> {
  const { exceptSessionId } = options;
  await options.db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, options.userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, options.userId),
    );
}
