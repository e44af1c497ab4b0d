// The deployment module's public entry: registration into the app.
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import type { SecretBox } from '../../lib/secret-box';
import type { FastifyInstance } from 'fastify';
import { createDeployJob } from './deploy-job';
import type { DeploymentDeps } from './deps';
import { registerDeploymentRoutes } from './routes';

export type { DeploymentDeps } from './deps';

/** A build is looked at every 2 s and followed for at most 15 minutes. */
export const DEPLOY_POLL_INTERVAL_MS = 2_000;
export const DEPLOY_BUILD_TIMEOUT_MS = 15 * 60_000;

/** Registers the deploy job (before the worker starts) and the routes. */
export function registerDeployment(app: FastifyInstance, deps: DeploymentDeps): void {
  const job = createDeployJob(deps);
  deps.jobs.register(job);
  registerDeploymentRoutes(app, { ...deps, job });
}

export const deploymentModule = defineModule<{
  env: Env;
  db: Database;
  jobs: JobQueue;
  keys: { deployKeys: SecretBox };
}>({
  name: 'deployment',
  register(app, { env, db, jobs, keys }) {
    registerDeployment(app, {
      db,
      // Deploy keys get a key of their own, apart from environment variables' (secrets at
      // rest: docs/security.md, Secrets).
      secrets: keys.deployKeys,
      jobs,
      apiUrls: {
        vercel: env.VERCEL_API_URL,
        netlify: env.NETLIFY_API_URL,
        railway: env.RAILWAY_API_URL,
      },
      pollIntervalMs: DEPLOY_POLL_INTERVAL_MS,
      buildTimeoutMs: DEPLOY_BUILD_TIMEOUT_MS,
    });
  },
});
