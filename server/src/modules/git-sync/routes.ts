import {
  DEFAULT_GIT_BRANCH,
  GitBranchListSchema,
  GitDiffStatusSchema,
  GitImportResultSchema,
  GitLinkResultSchema,
  GitProjectInputSchema,
  GitPullResultSchema,
  GitPushInputSchema,
  GitPushResultSchema,
  GitRepoTargetInputSchema,
  GitResolveConflictsInputSchema,
  GitResolveResultSchema,
  GitSwitchBranchInputSchema,
  GitSyncHistorySchema,
  GitSyncSettingsInputSchema,
  GitSyncSettingsSchema,
  MessageResponseSchema,
} from '@kiln/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit';
import { requireUser, signedIn } from '../auth';
import type { GitSyncDeps } from './deps';
import { presentHistoryEntry } from './presenter';
import { parseRepositoryUrl, repositoryLabel } from './remote';
import {
  changeBranch,
  getBranches,
  getSyncStatus,
  importRepository,
  linkRepository,
  listSyncHistory,
  pullFromRemote,
  pushToRemote,
  resolvePullConflicts,
  updateSyncSettings,
} from './service';

// Any string: a malformed id is a project that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });

/** Calls that reach a Git host, per person, so one cannot make Kiln hammer a host. */
export function gitHostRateLimit(perMinute: number) {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `git:${request.auth?.user.id ?? request.ip}`,
    },
  };
}

/**
 * What the audit log keeps of a link or an import: the project, the repository as
 * `owner/repo on host` from a URL (whose origin never carries credentials) or `owner/repo` on
 * the connected host, and the branch.
 */
function repositoryAudit(input: z.output<typeof GitRepoTargetInputSchema>) {
  const address = input.url === undefined ? null : parseRepositoryUrl(input.url);
  const repository = address ? repositoryLabel(address) : `${input.owner}/${input.repo}`;
  return {
    projectId: input.projectId,
    target: { type: 'repository', id: repository } as const,
    branch: input.branch ?? DEFAULT_GIT_BRANCH,
  };
}

/** The sync routes (the connection's are in connection-routes.ts). */
export function registerGitSyncRoutes(
  fastify: FastifyInstance,
  deps: GitSyncDeps & { ratePerMinute: number },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = gitHostRateLimit(deps.ratePerMinute);

  app.post(
    '/api/github/link',
    {
      onRequest: signedIn,
      config,
      schema: { body: GitRepoTargetInputSchema, response: { 200: GitLinkResultSchema } },
    },
    async (request) => {
      const linked = await linkRepository(deps, requireUser(request).id, request.body);
      const { branch, ...about } = repositoryAudit(request.body);
      await recordAudit(deps.db, request, {
        action: 'git.repository_linked',
        ...about,
        details: { branch },
      });
      return linked;
    },
  );

  app.post(
    '/api/github/import',
    {
      onRequest: signedIn,
      config,
      schema: { body: GitRepoTargetInputSchema, response: { 200: GitImportResultSchema } },
    },
    async (request) => {
      const imported = await importRepository(deps, requireUser(request).id, request.body);
      const { branch, ...about } = repositoryAudit(request.body);
      await recordAudit(deps.db, request, {
        action: 'git.repository_imported',
        ...about,
        details: { branch, commit: imported.commitSha },
      });
      return imported;
    },
  );

  app.post(
    '/api/github/push',
    {
      onRequest: signedIn,
      config,
      schema: { body: GitPushInputSchema, response: { 200: GitPushResultSchema } },
    },
    async (request) => pushToRemote(deps, { userId: requireUser(request).id, ...request.body }),
  );

  app.post(
    '/api/github/pull',
    {
      onRequest: signedIn,
      config,
      schema: { body: GitProjectInputSchema, response: { 200: GitPullResultSchema } },
    },
    async (request) =>
      pullFromRemote(deps, { userId: requireUser(request).id, projectId: request.body.projectId }),
  );

  app.get(
    '/api/github/diff/:projectId',
    {
      onRequest: signedIn,
      config,
      schema: { params: ProjectParams, response: { 200: GitDiffStatusSchema } },
    },
    async (request) =>
      getSyncStatus(deps, { userId: requireUser(request).id, projectId: request.params.projectId }),
  );

  app.get(
    '/api/github/branches/:projectId',
    {
      onRequest: signedIn,
      config,
      schema: { params: ProjectParams, response: { 200: GitBranchListSchema } },
    },
    async (request) =>
      getBranches(deps, { userId: requireUser(request).id, projectId: request.params.projectId }),
  );

  app.post(
    '/api/github/switch-branch',
    {
      onRequest: signedIn,
      config,
      schema: { body: GitSwitchBranchInputSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => changeBranch(deps, { userId: requireUser(request).id, ...request.body }),
  );

  app.patch(
    '/api/github/settings/:projectId',
    {
      onRequest: signedIn,
      schema: {
        params: ProjectParams,
        body: GitSyncSettingsInputSchema,
        response: { 200: GitSyncSettingsSchema },
      },
    },
    async (request) => {
      const settings = await updateSyncSettings(deps, {
        userId: requireUser(request).id,
        projectId: request.params.projectId,
        input: request.body,
      });
      return {
        message: 'Settings updated',
        autoSyncEnabled: settings.autoSyncEnabled,
        syncInterval: settings.syncIntervalMs,
      };
    },
  );

  app.get(
    '/api/github/sync-history/:projectId',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: GitSyncHistorySchema } },
    },
    async (request) =>
      (
        await listSyncHistory(deps, {
          userId: requireUser(request).id,
          projectId: request.params.projectId,
        })
      ).map(presentHistoryEntry),
  );

  app.post(
    '/api/github/resolve-conflicts',
    {
      onRequest: signedIn,
      config,
      schema: {
        body: GitResolveConflictsInputSchema,
        response: { 200: GitResolveResultSchema },
      },
    },
    async (request) =>
      resolvePullConflicts(deps, { userId: requireUser(request).id, ...request.body }),
  );
}
