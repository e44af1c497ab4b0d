import {
  DEPLOY_PLATFORM_NAMES,
  UNFINISHED_DEPLOYMENT_STATES,
  type DeploymentState,
} from '@kiln/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { deployments } from './tables';
import { projects } from '../projects/tables';
import { defineJob, type JobContext, type JobDefinition } from '../../jobs/job';
import type { DeploymentDeps } from './deps';
import { deployToNetlify } from './platforms/netlify';
import { DeployFailure, type DeployContext, type DeployOutcome } from './platforms/platform-api';
import { deployToRailway } from './platforms/railway';
import { deployToVercel } from './platforms/vercel';
import { readProjectBundle } from './project-bundle';
import { readDeploymentConfig } from './service';

const DeployJobPayload = z.object({ deploymentId: z.string().uuid() });
export type DeployJob = JobDefinition<z.output<typeof DeployJobPayload>>;

/**
 * The deploy itself, as a job (docs/architecture.md, "Jobs"): it outlives the request and is
 * followed through the deployment's row. A platform's refusal or failed build is recorded on
 * the row, never retried; the second try is for a deploy cut off by a shutdown or crash.
 */
export function createDeployJob(deps: DeploymentDeps): DeployJob {
  return defineJob({
    name: 'deployment.deploy',
    payload: DeployJobPayload,
    retry: { attempts: 2, backoffMs: 5_000 },
    handle: ({ deploymentId }, context) => runDeployment(deps, deploymentId, context),
  });
}

const unfinished = inArray(deployments.status, [...UNFINISHED_DEPLOYMENT_STATES]);

async function runDeployment(deps: DeploymentDeps, deploymentId: string, job: JobContext) {
  const { db } = deps;
  const [row] = await db.select().from(deployments).where(eq(deployments.id, deploymentId));
  if (!row || !UNFINISHED_DEPLOYMENT_STATES.includes(row.status)) return;
  const setStatus = async (
    status: DeploymentState,
    values: { url?: string; error?: string } = {},
  ) => {
    const finished = status === 'ready' || status === 'error';
    await db
      .update(deployments)
      .set({ status, ...values, ...(finished ? { finishedAt: new Date() } : {}) })
      .where(and(eq(deployments.id, deploymentId), unfinished));
  };

  try {
    const outcome = await deploy(
      deps,
      row,
      job.signal,
      () => setStatus('building'),
      () => setStatus('uploading'),
    );
    await setStatus('ready', { url: outcome.url });
  } catch (error) {
    // Cut off by a shutdown: the job runs again after the restart.
    if (job.signal.aborted) throw error;
    if (error instanceof DeployFailure) {
      await setStatus('error', { error: error.message });
      return;
    }
    job.log.error({ err: error, deploymentId }, 'deploy failed unexpectedly');
    await setStatus('error', {
      error: `The ${DEPLOY_PLATFORM_NAMES[row.platform]} deploy failed unexpectedly`,
    });
  }
}

async function deploy(
  deps: DeploymentDeps,
  row: typeof deployments.$inferSelect,
  signal: AbortSignal,
  onBuilding: () => Promise<void>,
  onUploading: () => Promise<void>,
): Promise<DeployOutcome> {
  const name = DEPLOY_PLATFORM_NAMES[row.platform];
  const config = await readDeploymentConfig(deps, row.projectId, row.platform);
  if (!config) throw new DeployFailure(`The ${name} configuration was deleted`);
  const project = await projectOf(deps, row.projectId);
  const context: DeployContext = {
    ...config,
    baseUrl: deps.apiUrls[row.platform],
    signal,
    pollIntervalMs: deps.pollIntervalMs,
    buildTimeoutMs: deps.buildTimeoutMs,
    onBuilding,
  };
  await onUploading();
  if (row.platform === 'railway') {
    if (!project.githubOwner || !project.githubRepo) {
      throw new DeployFailure('Link the project to a Git repository first');
    }
    return deployToRailway(context, { owner: project.githubOwner, repo: project.githubRepo });
  }
  const files = await readProjectBundle({
    db: deps.db,
    userId: project.ownerId,
    projectId: row.projectId,
  });
  if (files.length === 0) throw new DeployFailure('The project has no files to deploy');
  return row.platform === 'vercel'
    ? deployToVercel(context, files)
    : deployToNetlify(context, files);
}

/** The project as it is now: its owner (whose files are read) and its linked repository. */
async function projectOf(deps: DeploymentDeps, projectId: string) {
  const [project] = await deps.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new DeployFailure('The project no longer exists');
  return project;
}
