// The auth module's public entry: what other modules may use of it.
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import type { Mailer } from '../mail';
import { createAuthJobs } from './jobs';
import { registerAuthRoutes } from './routes';
import type { SessionPolicy } from './sessions';
import type { AccountChanges } from './account-changes';
export * from './policy';
export { presentUser, presentDirectoryUser } from './presenter';

export { installSessionHook } from './session-hook';
export { createAccountChanges, type AccountChanges } from './account-changes';
export { SessionCache } from './session-cache';

const HOUR_MS = 3_600_000;

/** How long a session lasts idle and at most (SESSION_IDLE_HOURS, SESSION_MAX_DAYS). */
export function sessionPolicyFrom(env: Env): SessionPolicy {
  return { idleMs: env.SESSION_IDLE_HOURS * HOUR_MS, maxMs: env.SESSION_MAX_DAYS * 86_400_000 };
}

export const authModule = defineModule<{
  env: Env;
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  accountChanges: AccountChanges;
}>({
  name: 'auth',
  async register(app, { env, db, jobs, mailer, accountChanges }) {
    const sessionPolicy = sessionPolicyFrom(env);
    const throttle = {
      maxFailures: env.LOGIN_FAILURES_PER_ACCOUNT,
      windowMs: env.LOGIN_LOCKOUT_MINUTES * 60_000,
    };
    const authJobs = createAuthJobs({
      db,
      mail: { mailer, publicUrl: env.PUBLIC_URL },
      sessionPolicy,
      throttle,
    });
    for (const job of Object.values(authJobs)) jobs.register(job);
    await jobs.every(authJobs.cleanup, {}, HOUR_MS);
    registerAuthRoutes(app, {
      db,
      accountChanges,
      jobs,
      authJobs,
      adminEmails: env.ADMIN_EMAILS,
      sessionPolicy,
      throttle,
      authRateLimit: { max: env.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
    });
  },
});
