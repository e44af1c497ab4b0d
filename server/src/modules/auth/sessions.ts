import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { sessions, type SessionRow } from './tables';
import { users, type UserRow } from '../users/tables';
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

/** The user behind a cookie token, or null when it is unknown, idle too long or past its end. */
export async function getSessionUser(options: {
  db: DbOrTx;
  token: string;
  policy: SessionPolicy;
}): Promise<{ session: SessionRow; user: UserRow } | null> {
  const id = hashToken(options.token);
  const [row] = await preparedFor(options.db, 'kiln_session_user', sessionUserQuery).execute({
    id,
  });
  if (!row) return null;
  const now = Date.now();
  const idleSince = row.session.lastSeenAt.getTime();
  if (row.session.expiresAt.getTime() <= now || now - idleSince >= options.policy.idleMs) {
    await options.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - idleSince >= TOUCH_INTERVAL_MS) {
    await options.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return row;
}

export async function deleteSession(options: { db: DbOrTx; token: string }): Promise<void> {
  await options.db.delete(sessions).where(eq(sessions.id, hashToken(options.token)));
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
