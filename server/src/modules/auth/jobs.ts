import { eq, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { emailTokens, loginFailures, sessions } from './tables';
import { users } from '../users/tables';
import { defineJob, type RetryPolicy } from '../../jobs/job';
import type { ThrottlePolicy } from './login-throttle';
import { requestPasswordReset, sendVerificationEmail, type MailContext } from './service';
import type { SessionPolicy } from './sessions';

/** A mail server that is down for half an hour still gets the mail: 2 s, 4 s, … up to 10 min. */
const MAIL_RETRY: RetryPolicy = { attempts: 10, backoffMs: 2_000, maxBackoffMs: 600_000 };

/** Used and expired email links are kept a day, for support, then go. */
const SPENT_TOKENS_KEPT_MS = 86_400_000;

export interface AuthJobDeps {
  db: Database;
  mail: MailContext;
  sessionPolicy: SessionPolicy;
  throttle: ThrottlePolicy;
}

/**
 * Auth's background work: its mail is sent outside the request, so a mail server that is down
 * delays a message instead of losing it, and expired sessions and links are swept away.
 */
export function createAuthJobs(deps: AuthJobDeps) {
  const verificationMail = defineJob({
    name: 'auth.verification-mail',
    payload: z.object({ userId: z.string().uuid() }),
    retry: MAIL_RETRY,
    async handle({ userId }) {
      const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
      // Gone, or verified in the meantime: the link is no longer wanted.
      if (!user || user.emailVerifiedAt) return;
      await sendVerificationEmail({ db: deps.db, user, mail: deps.mail });
    },
  });

  const passwordResetMail = defineJob({
    name: 'auth.password-reset-mail',
    payload: z.object({ email: z.string().trim().min(1).max(320) }),
    retry: MAIL_RETRY,
    async handle({ email }) {
      await requestPasswordReset({ db: deps.db, email, mail: deps.mail });
    },
  });

  const cleanup = defineJob({
    name: 'auth.cleanup',
    payload: z.object({}),
    retry: { attempts: 3, backoffMs: 60_000 },
    async handle() {
      const idleCutoff = new Date(Date.now() - deps.sessionPolicy.idleMs);
      await deps.db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleCutoff)));
      const spentCutoff = new Date(Date.now() - SPENT_TOKENS_KEPT_MS);
      await deps.db
        .delete(emailTokens)
        .where(or(lt(emailTokens.expiresAt, spentCutoff), lt(emailTokens.usedAt, spentCutoff)));
      const windowCutoff = new Date(Date.now() - deps.throttle.windowMs);
      await deps.db.delete(loginFailures).where(lt(loginFailures.windowStartedAt, windowCutoff));
    },
  });

  return { verificationMail, passwordResetMail, cleanup };
}

export type AuthJobs = ReturnType<typeof createAuthJobs>;
