import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import { agentLimitsFrom, type AiProviders, type ProjectToolsFactory } from '../ai';
import type { AccessChanges } from '../members';
import type { StorageCaps } from '../projects';
import { roleModelSettings } from './role-models';
import { registerAgentRoutes } from './routes';
export { registerAgentRoutes } from './routes';
export { roleModelSettings } from './role-models';

export const agentsModule = defineModule<{
  env: Env;
  db: Database;
  jobs: JobQueue;
  storageCaps: StorageCaps;
  aiProviders: AiProviders;
  projectTools: { forProject: ProjectToolsFactory };
  accessChanges: AccessChanges;
}>({
  name: 'agents',
  register(app, context) {
    registerAgentRoutes(app, {
      db: context.db,
      storageCaps: context.storageCaps,
      providers: context.aiProviders,
      roleSettings: roleModelSettings(context.env),
      ratePerMinute: context.env.AI_RATE_LIMIT_PER_MINUTE,
      jobs: context.jobs,
      limits: agentLimitsFrom(context.env),
      tools: context.projectTools.forProject,
      accessChanges: context.accessChanges,
    });
  },
});
