import { AGENT_POLL_MS, AgentStatusSchema, type AgentStatus } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/** GET /api/agent/status: each role, its model, and whether it is working for this person. */
export async function getAgentStatus(): Promise<AgentStatus> {
  return AgentStatusSchema.parse(await apiJson<unknown>('GET', '/api/agent/status'));
}

export const agentStatusQueryOptions = () =>
  queryOptions({ queryKey: ['/api/agent/status'] as const, queryFn: getAgentStatus });

/** Read every AGENT_POLL_MS while `visible` (the agent panel is on screen), not at all otherwise. */
export function useAgentStatus({ visible }: { visible: boolean }) {
  return useQuery({
    ...agentStatusQueryOptions(),
    enabled: visible,
    refetchInterval: visible ? AGENT_POLL_MS : false,
  });
}
