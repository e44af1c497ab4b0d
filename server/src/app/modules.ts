import type { KilnModule } from '../lib/kiln-module';
import { defineModule } from '../lib/kiln-module';
import { adminModule } from '../modules/admin';
import { agentsModule } from '../modules/agents';
import { aiModule } from '../modules/ai';
import { auditModule } from '../modules/audit';
import { authModule } from '../modules/auth';
import { billingModule } from '../modules/billing';
import { databaseModule } from '../modules/database';
import { deploymentModule } from '../modules/deployment';
import { devServerModule } from '../modules/dev-server';
import { docsModule } from '../modules/docs';
import { envVarsModule } from '../modules/env-vars';
import { execModule } from '../modules/exec';
import { filesModule } from '../modules/files';
import { gitSyncModule } from '../modules/git-sync';
import { healthModule } from '../modules/health';
import { membersModule } from '../modules/members';
import { packagesModule } from '../modules/packages';
import { presenceModule } from '../modules/presence';
import { previewModule } from '../modules/preview';
import { projectsModule } from '../modules/projects';
import { templatesModule } from '../modules/templates';
import { terminalModule } from '../modules/terminal';
import { uploadsModule } from '../modules/uploads';
import { usersModule } from '../modules/users';
import { workspacesModule } from '../modules/workspaces';
import type { AppContext } from './context';

const HOUR_MS = 3_600_000;

/** The job queue's own upkeep: finished jobs cleared, and the embedded database vacuumed. */
const jobsUpkeep = defineModule<Pick<AppContext, 'jobs' | 'database' | 'upkeepJobs'>>({
  name: 'jobs',
  async register(_app, { jobs, database, upkeepJobs }) {
    for (const job of Object.values(upkeepJobs)) jobs.register(job);
    await jobs.every(upkeepJobs.finishedJobsCleanup, {}, 6 * HOUR_MS);
    if (database.kind === 'pglite') await jobs.every(upkeepJobs.databaseUpkeep, {}, 6 * HOUR_MS);
  },
});

/** Runs the queue's jobs in this process; last, so it knows every job kind it may be handed. */
const jobWorker = defineModule<Pick<AppContext, 'jobs'>>({
  name: 'job-worker',
  register: (_app, { jobs }) => jobs.startWorker(),
});

/**
 * Every module, in the order they register: the API document first (it collects the routes
 * added after it), then each module's jobs and routes. The order of routes is the API
 * document's order.
 */
export const KILN_MODULES: readonly KilnModule<AppContext>[] = [
  docsModule,
  jobsUpkeep,
  auditModule,
  workspacesModule,
  healthModule,
  authModule,
  usersModule,
  adminModule,
  uploadsModule,
  projectsModule,
  membersModule,
  filesModule,
  templatesModule,
  aiModule,
  agentsModule,
  billingModule,
  envVarsModule,
  deploymentModule,
  databaseModule,
  gitSyncModule,
  execModule,
  packagesModule,
  devServerModule,
  terminalModule,
  presenceModule,
  previewModule,
];

/**
 * The modules of one process by its role (main.ts, role.ts): every role registers them all, so
 * a web instance can enqueue every job and a worker can run it; only a process that runs jobs
 * (`worker`, `both`; not `--role=web`) adds the worker.
 */
export function modulesFor(options: { runsJobs: boolean }): readonly KilnModule<AppContext>[] {
  return options.runsJobs ? [...KILN_MODULES, jobWorker] : KILN_MODULES;
}
