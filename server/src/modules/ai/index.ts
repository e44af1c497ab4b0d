// The ai module's public entry: AI usage, for the admin portal.
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
