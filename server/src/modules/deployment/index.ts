// The deployment module's public entry: registration into the app.
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
