import { AGENT_POLL_MS, AgentHistorySchema, type AgentHistoryEntry } from '@kiln/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/** GET /api/agent/history: this person's latest agent and quick-action work, newest first. */
export async function getAgentHistory(): Promise<AgentHistoryEntry[]> {
  return AgentHistorySchema.parse(await apiJson<unknown>('GET', '/api/agent/history')).history;
}

export const agentHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['/api/agent/history'] as const, queryFn: getAgentHistory });

/** Read every AGENT_POLL_MS while `visible` (the agent panel is on screen), not at all otherwise. */
export function useAgentHistory({ visible }: { visible: boolean }) {
  return useQuery({
    ...agentHistoryQueryOptions(),
    enabled: visible,
    refetchInterval: visible ? AGENT_POLL_MS : false,
  });
}
