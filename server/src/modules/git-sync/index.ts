// The Git sync module's public entry: registration into the app.
import type { Env } from '../../env';
import { defineModule } from '../../lib/kiln-module';
import path from 'node:path';
import { AUTO_PUSH_DELAY_MS } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { projects } from '../projects/tables';
import { defineJob, type JobQueue } from '../../jobs/job';
import type { SecretBox } from '../../lib/secret-box';
import { onProjectFilesChanged } from '../files';
import {
  createGitSyncJobs,
  removeOrphanRepositories,
  runSyncTick,
  SYNC_TICK_MS,
} from './auto-sync';
import { registerGitConnectionRoutes } from './connection-routes';
import type { GitSyncDeps } from './deps';
import { registerGitHubOAuthRoutes, type GitHubOAuthSettings } from './github-oauth';
import { ProjectLocks } from './project-lock';
import { registerGitSyncRoutes } from './routes';
import type { StorageCaps } from '../projects';

export interface GitSyncOptions {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  secrets: SecretBox;
  jobs: JobQueue;
  dataDir: string;
  githubApiUrl: string;
  /** GIT_PRIVATE_HOSTS: private-network hosts people may connect to. */
  privateHosts: readonly string[];
  /** Sign in with GitHub, when GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are both set. */
  githubOAuth: GitHubOAuthSettings | null;
  /** Calls reaching a Git host per person per minute. */
  ratePerMinute?: number;
}

export interface GitSync {
  /**
   * One round of auto-sync now, as the scheduled job runs it every SYNC_TICK_MS, except that it
   * waits for a project another Git operation holds rather than passing over it.
   */
  tick(): Promise<void>;
  /** Removes the repositories of projects no longer linked, as a job does every 6 hours. */
  removeOrphans(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Two-way sync of projects with Git hosts (modules/git-sync). */
    gitSync: GitSync;
  }
}

/** How long after a save's push was queued another save queues nothing new. */
const QUEUE_THROTTLE_MS = 1_000;
/**
 * How long a project found without auto sync is taken to be so, sparing a query on every save
 * of every project that does not sync: one that turns it on meanwhile has its changes pushed by
 * the next sync tick, as when a save's queueing fails.
 */
const NOT_SYNCED_MEMORY_MS = 10_000;

/**
 * Registers the routes, the jobs (automatic push after a save, the auto-sync tick) and the
 * listener that hears every change to a project's files.
 */
export async function registerGitSync(app: FastifyInstance, options: GitSyncOptions) {
  const deps: GitSyncDeps = {
    db: options.db,
    storageCaps: options.storageCaps,
    secrets: options.secrets,
    gitRoot: path.join(options.dataDir, 'git'),
    hostSettings: { githubApiUrl: options.githubApiUrl, privateHosts: options.privateHosts },
    privateHosts: options.privateHosts,
    locks: new ProjectLocks(),
    log: app.log.child({ module: 'git-sync' }),
  };
  const { jobs } = options;
  const { autoPush } = createGitSyncJobs(deps);
  const tick = () => runSyncTick(deps, jobs, autoPush);
  const tickJob = defineJob({
    name: 'git-sync.tick',
    payload: z.object({}),
    retry: { attempts: 1, backoffMs: 1_000 },
    handle: tick,
  });
  const cleanupJob = defineJob({
    name: 'git-sync.remove-orphan-repositories',
    payload: z.object({}),
    retry: { attempts: 1, backoffMs: 1_000 },
    handle: async () => {
      await removeOrphanRepositories(deps);
    },
  });
  jobs.register(autoPush);
  jobs.register(tickJob);
  jobs.register(cleanupJob);
  await jobs.every(tickJob, {}, SYNC_TICK_MS);
  await jobs.every(cleanupJob, {}, 6 * 3_600_000);

  const queuedAt = new Map<string, number>();
  const foundNotSyncedAt = new Map<string, number>();
  const queueAutoPush = async (projectId: string) => {
    const last = queuedAt.get(projectId) ?? 0;
    if (Date.now() - last < QUEUE_THROTTLE_MS) return;
    if (Date.now() - (foundNotSyncedAt.get(projectId) ?? 0) < NOT_SYNCED_MEMORY_MS) return;
    const [project] = await deps.db
      .select({
        autoSyncEnabled: projects.autoSyncEnabled,
        owner: projects.githubOwner,
        repo: projects.githubRepo,
      })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!project?.autoSyncEnabled || !project.owner || !project.repo) {
      if (foundNotSyncedAt.size > 10_000) foundNotSyncedAt.clear();
      foundNotSyncedAt.set(projectId, Date.now());
      return;
    }
    queuedAt.set(projectId, Date.now());
    if (queuedAt.size > 10_000) queuedAt.clear();
    await jobs.enqueue(autoPush, { projectId }, { key: projectId, delayMs: AUTO_PUSH_DELAY_MS });
  };
  // Called inside the writing transaction: the work is started, never awaited there.
  const stopListening = onProjectFilesChanged((projectId) => {
    queueAutoPush(projectId).catch((error: unknown) =>
      deps.log.warn({ projectId, kind: (error as Error).name }, 'could not queue an auto-push'),
    );
  });
  app.addHook('onClose', async () => stopListening());

  const ratePerMinute = options.ratePerMinute ?? 60;
  registerGitConnectionRoutes(app, {
    ...deps,
    ratePerMinute,
    oauthAvailable: options.githubOAuth !== null,
  });
  registerGitHubOAuthRoutes(app, { ...deps, oauth: options.githubOAuth });
  registerGitSyncRoutes(app, { ...deps, ratePerMinute });
  app.decorate('gitSync', {
    tick: () => runSyncTick(deps, jobs, autoPush, { waitForBusy: true }),
    removeOrphans: () => removeOrphanRepositories(deps),
  });
}

export const gitSyncModule = defineModule<{
  env: Env;
  db: Database;
  jobs: JobQueue;
  storageCaps: StorageCaps;
  keys: { secrets: SecretBox };
}>({
  name: 'git-sync',
  register: (app, { env, db, jobs, storageCaps, keys }) =>
    registerGitSync(app, {
      db,
      storageCaps,
      secrets: keys.secrets,
      jobs,
      dataDir: env.DATA_DIR,
      githubApiUrl: env.GITHUB_API_URL,
      privateHosts: env.GIT_PRIVATE_HOSTS,
      githubOAuth:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? {
              clientId: env.GITHUB_CLIENT_ID,
              clientSecret: env.GITHUB_CLIENT_SECRET,
              oauthUrl: env.GITHUB_OAUTH_URL,
              publicUrl: env.PUBLIC_URL,
            }
          : null,
    }),
});
