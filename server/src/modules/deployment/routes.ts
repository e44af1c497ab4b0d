import {
  DeploymentConfigListSchema,
  DeploymentConfigSchema,
  DeploymentListSchema,
  DeploymentSchema,
  MessageResponseSchema,
  SaveDeploymentConfigInputSchema,
  StartDeploymentInputSchema,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../lib/validation';
import { recordAudit } from '../audit';
import { requireUser, signedIn } from '../auth';
import type { DeployJob } from './deploy-job';
import type { DeploymentDeps } from './deps';
import {
  deleteDeploymentConfig,
  listDeploymentConfigs,
  listDeployments,
  queueDeployment,
  saveDeploymentConfig,
} from './service';

// Any string: a malformed id is something that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });
const ConfigParams = z.object({ projectId: z.string(), id: z.string() });

/**
 * Deployment configurations (one per platform, the key sealed and never answered) and deploys
 * to Vercel, Netlify and Railway, for the project's owner.
 */
export function registerDeploymentRoutes(
  fastify: FastifyInstance,
  deps: DeploymentDeps & { job: DeployJob },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/deployment/configs/:projectId',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: DeploymentConfigListSchema } },
    },
    async (request) =>
      listDeploymentConfigs({
        ...deps,
        userId: requireUser(request).id,
        projectId: request.params.projectId,
      }),
  );

  app.post(
    '/api/deployment/configs/:projectId',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: DeploymentConfigSchema } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      // Validated here so the messages are the Deploy dialog's own.
      const input = parseInput(SaveDeploymentConfigInputSchema, request.body);
      const { projectId } = request.params;
      const saved = await saveDeploymentConfig({ ...deps, userId, projectId, input });
      // The platform and its project name; never the API key, nor its last characters.
      await recordAudit(deps.db, request, {
        action: 'deploy.config_saved',
        projectId,
        target: { type: 'deploy_config', id: saved.platform },
        details: { projectName: saved.projectName },
      });
      return saved;
    },
  );

  app.delete(
    '/api/deployment/configs/:projectId/:id',
    {
      onRequest: signedIn,
      schema: { params: ConfigParams, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const { projectId } = request.params;
      const { platform } = await deleteDeploymentConfig({
        ...deps,
        userId: requireUser(request).id,
        projectId,
        id: request.params.id,
      });
      await recordAudit(deps.db, request, {
        action: 'deploy.config_deleted',
        projectId,
        target: { type: 'deploy_config', id: platform },
      });
      return { message: 'Deployment configuration deleted' };
    },
  );

  app.post(
    '/api/deployment/deploy',
    { onRequest: signedIn, schema: { response: { 200: DeploymentSchema, 202: DeploymentSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const input = parseInput(StartDeploymentInputSchema, request.body);
      const { deployment, started } = await queueDeployment({ ...deps, userId, input });
      if (started) {
        await deps.jobs.enqueue(deps.job, { deploymentId: deployment.id }, { key: deployment.id });
        await recordAudit(deps.db, request, {
          action: 'deploy.started',
          projectId: input.projectId,
          target: { type: 'deploy_config', id: input.platform },
          details: { deploymentId: deployment.id },
        });
      }
      // 202: accepted, the deploy runs on; 200: the one already under way.
      return reply.status(started ? 202 : 200).send(deployment);
    },
  );

  app.get(
    '/api/deployment/deployments/:projectId',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: DeploymentListSchema } },
    },
    async (request) =>
      listDeployments({
        ...deps,
        userId: requireUser(request).id,
        projectId: request.params.projectId,
      }),
  );
}
