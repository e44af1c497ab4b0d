import { z } from 'zod';

/** The hosting platforms Kiln deploys to. */
export const DEPLOY_PLATFORMS = ['vercel', 'netlify', 'railway'] as const;
export const DeployPlatformSchema = z.enum(DEPLOY_PLATFORMS, {
  error: 'platform must be vercel, netlify or railway',
});
export type DeployPlatform = z.infer<typeof DeployPlatformSchema>;

/** How each platform's name is written to people. */
export const DEPLOY_PLATFORM_NAMES: Record<DeployPlatform, string> = {
  vercel: 'Vercel',
  netlify: 'Netlify',
  railway: 'Railway',
};

export const DEPLOY_CONFIG_REQUIRED_MESSAGE = 'Invalid input: apiKey and projectName are required.';
/** Longest key and project name Kiln keeps; real ones are far shorter. */
export const DEPLOY_API_KEY_MAX = 1024;
export const DEPLOY_PROJECT_NAME_MAX = 100;
export const DEPLOY_PROJECT_NAME_MESSAGE =
  'Invalid input: A project name is lowercase letters, digits and hyphens, and starts with a letter or digit.';

const required = z
  .string({ error: DEPLOY_CONFIG_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: DEPLOY_CONFIG_REQUIRED_MESSAGE, abort: true });

/**
 * POST /api/deployment/configs/{projectId}: one configuration per platform, a second save
 * replacing the first. The name is the one the platform gives the deployed site or project, so
 * it keeps to the characters all three accept.
 */
export const SaveDeploymentConfigInputSchema = z.object({
  platform: DeployPlatformSchema,
  apiKey: required.max(
    DEPLOY_API_KEY_MAX,
    `Invalid input: An API key is at most ${DEPLOY_API_KEY_MAX} characters.`,
  ),
  projectName: required
    .max(
      DEPLOY_PROJECT_NAME_MAX,
      `Invalid input: A project name is at most ${DEPLOY_PROJECT_NAME_MAX} characters.`,
    )
    .regex(/^[a-z0-9][a-z0-9-]*$/, DEPLOY_PROJECT_NAME_MESSAGE),
});
export type SaveDeploymentConfigInput = z.infer<typeof SaveDeploymentConfigInputSchema>;

/** A saved configuration: the key itself never leaves the server, only its last characters. */
export const DeploymentConfigSchema = z.object({
  id: z.string(),
  platform: DeployPlatformSchema,
  projectName: z.string(),
  apiKeyHint: z.string(),
  updatedAt: z.string(),
});
export type DeploymentConfig = z.infer<typeof DeploymentConfigSchema>;
export const DeploymentConfigListSchema = z.array(DeploymentConfigSchema);

export const DEPLOYMENT_STATES = ['queued', 'uploading', 'building', 'ready', 'error'] as const;
export type DeploymentState = (typeof DEPLOYMENT_STATES)[number];
/** The states a deployment is still moving through. */
export const UNFINISHED_DEPLOYMENT_STATES: readonly DeploymentState[] = [
  'queued',
  'uploading',
  'building',
];

/** One deploy of a project to a platform, as GET /api/deployment/deployments/{projectId} lists it. */
export const DeploymentSchema = z.object({
  id: z.string(),
  platform: DeployPlatformSchema,
  status: z.enum(DEPLOYMENT_STATES),
  url: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Deployment = z.infer<typeof DeploymentSchema>;
export const DeploymentListSchema = z.array(DeploymentSchema);

/** POST /api/deployment/deploy: deploys with the project's saved configuration for the platform. */
export const StartDeploymentInputSchema = z.object({
  projectId: z.string({ error: 'projectId is required' }).min(1, 'projectId is required'),
  platform: DeployPlatformSchema,
});
export type StartDeploymentInput = z.infer<typeof StartDeploymentInputSchema>;
