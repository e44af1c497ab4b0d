import {
  DEPLOY_PLATFORM_NAMES,
  UNFINISHED_DEPLOYMENT_STATES,
  type DeployPlatform,
  type SaveDeploymentConfigInput,
  type StartDeploymentInput,
} from '@kiln/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { deploymentConfigs, deployments } from './tables';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { getOwnedProject } from '../projects';
import type { DeploymentDeps } from './deps';
import { presentConfig, presentDeployment } from './presenter';

/** How many deployments the list shows: the newest. */
const LISTED_DEPLOYMENTS = 20;

type Owned = { userId: string; projectId: string };

/** The project's saved configurations in platform order, each with its key's hint only. */
export async function listDeploymentConfigs(deps: DeploymentDeps & Owned) {
  await getOwnedProject(deps);
  const rows = await deps.db
    .select()
    .from(deploymentConfigs)
    .where(eq(deploymentConfigs.projectId, deps.projectId))
    .orderBy(asc(deploymentConfigs.platform));
  return rows.map((row) => presentConfig(row, deps.secrets.open(row.apiKeyEncrypted)));
}

/** Saves the platform's configuration, replacing the one it had; the key is sealed at once. */
export async function saveDeploymentConfig(
  deps: DeploymentDeps & Owned & { input: SaveDeploymentConfigInput },
) {
  const { input } = deps;
  await getOwnedProject(deps);
  const values = {
    projectName: input.projectName,
    apiKeyEncrypted: deps.secrets.seal(input.apiKey),
  };
  const [row] = await deps.db
    .insert(deploymentConfigs)
    .values({ projectId: deps.projectId, platform: input.platform, ...values })
    .onConflictDoUpdate({
      target: [deploymentConfigs.projectId, deploymentConfigs.platform],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('deployment config upsert returned nothing');
  return presentConfig(row, input.apiKey);
}

/** Deletes one configuration of a project the user owns; anyone else's is not found. */
export async function deleteDeploymentConfig(
  deps: DeploymentDeps & Owned & { id: string },
): Promise<{ platform: DeployPlatform }> {
  await getOwnedProject(deps);
  if (!isUuid(deps.id)) throw notFound('Deployment configuration not found');
  const deleted = await deps.db
    .delete(deploymentConfigs)
    .where(and(eq(deploymentConfigs.id, deps.id), eq(deploymentConfigs.projectId, deps.projectId)))
    .returning({ platform: deploymentConfigs.platform });
  if (!deleted[0]) throw notFound('Deployment configuration not found');
  return deleted[0];
}

/** The project's newest deployments, newest first. */
export async function listDeployments(deps: DeploymentDeps & Owned) {
  await getOwnedProject(deps);
  const rows = await deps.db
    .select()
    .from(deployments)
    .where(eq(deployments.projectId, deps.projectId))
    .orderBy(desc(deployments.createdAt), desc(deployments.id))
    .limit(LISTED_DEPLOYMENTS);
  return rows.map(presentDeployment);
}

/** The saved configuration of one platform, key opened, for the deploy job. */
export async function readDeploymentConfig(
  deps: Pick<DeploymentDeps, 'db' | 'secrets'>,
  projectId: string,
  platform: DeployPlatform,
) {
  const [row] = await deps.db
    .select()
    .from(deploymentConfigs)
    .where(
      and(eq(deploymentConfigs.projectId, projectId), eq(deploymentConfigs.platform, platform)),
    );
  return row
    ? { projectName: row.projectName, apiKey: deps.secrets.open(row.apiKeyEncrypted) }
    : null;
}

/**
 * Checks what a deploy needs before one is queued (a saved configuration; for Railway, a linked
 * repository), then records it as queued. One deploy per platform runs at a time: asking again
 * while one is under way answers that one.
 */
export async function queueDeployment(
  deps: DeploymentDeps & { userId: string; input: StartDeploymentInput },
) {
  const { db, input } = deps;
  const project = await getOwnedProject({ db, userId: deps.userId, projectId: input.projectId });
  const name = DEPLOY_PLATFORM_NAMES[input.platform];
  if (!(await readDeploymentConfig(deps, input.projectId, input.platform))) {
    throw new AppError('VALIDATION_FAILED', `Save a ${name} configuration before deploying`);
  }
  if (input.platform === 'railway' && !(project.githubOwner && project.githubRepo)) {
    throw new AppError('VALIDATION_FAILED', 'Link the project to a Git repository first');
  }
  const [running] = await db
    .select()
    .from(deployments)
    .where(
      and(
        eq(deployments.projectId, input.projectId),
        eq(deployments.platform, input.platform),
        inArray(deployments.status, [...UNFINISHED_DEPLOYMENT_STATES]),
      ),
    )
    .limit(1);
  if (running) return { deployment: presentDeployment(running), started: false };
  const [row] = await db
    .insert(deployments)
    .values({ projectId: input.projectId, platform: input.platform, status: 'queued' })
    .returning();
  if (!row) throw new Error('deployment insert returned nothing');
  return { deployment: presentDeployment(row), started: true };
}
