// The ai module's public entry: AI usage, for the admin portal.
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import type { AccessChanges } from '../members';
import type { StorageCaps } from '../projects';
import type { AgentLimits } from './agent/run-agent-turn';
import type { ProjectToolsFactory } from './project-tools';
import type { AiProviders } from './providers';
import { registerAiRoutes } from './routes';
export { listUsageByUser, monthPeriod } from './usage';
// What the agents module (modules/agents) builds on: the agent's turn, its tools, its checkpoint,
// the models and the usage accounting.
export { CheckpointRecorder } from './agent/checkpoint-recorder';
export { runAgentTurn, type AgentLimits } from './agent/run-agent-turn';
export { writeProjectText } from './agent/write-text';
export { projectContext } from './agent-service';
export { openEventStream, wantsEventStream } from './event-stream';
export { ModelIdleError, toAiError } from './model-errors';
export type { ProjectTools, ProjectToolsFactory } from './project-tools';
export { agentSystemPrompt } from './prompt';
export { providersFrom, type AiProviders, type ResolvedModel } from './providers';
export { RunningRequests, StopReason } from './running-requests';
export { assertWithinAllowance, recordUsage } from './usage';

export { createProjectTools } from './project-tools';
export { createAiProviders } from './providers';

/** The guard rails of every agent turn, the assistant's and the agents' (decision 0014). */
export function agentLimitsFrom(env: Env): AgentLimits {
  return {
    maxSteps: env.AI_AGENT_MAX_STEPS,
    tokenBudget: env.AI_TURN_TOKEN_BUDGET,
    idleMs: env.AI_IDLE_TIMEOUT_SECONDS * 1000,
  };
}

export const aiModule = defineModule<{
  env: Env;
  db: Database;
  jobs: JobQueue;
  storageCaps: StorageCaps;
  aiProviders: AiProviders;
  projectTools: { forProject: ProjectToolsFactory };
  accessChanges: AccessChanges;
}>({
  name: 'ai',
  register(app, context) {
    registerAiRoutes(app, {
      db: context.db,
      storageCaps: context.storageCaps,
      providers: context.aiProviders,
      ratePerMinute: context.env.AI_RATE_LIMIT_PER_MINUTE,
      jobs: context.jobs,
      limits: agentLimitsFrom(context.env),
      tools: context.projectTools.forProject,
      accessChanges: context.accessChanges,
    });
  },
});
