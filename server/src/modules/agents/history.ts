import { AGENT_HISTORY_LIMIT, type AgentHistoryEntry } from '@kiln/shared';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentHistory } from './tables';

/** A task's line in the history: its first 200 characters, on one line. */
function taskLine(task: string): string {
  const line = task.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export async function recordAgentWork(
  db: Database,
  entry: {
    userId: string;
    projectId: string | null;
    agent: string;
    task: string;
    success: boolean;
    executionMs: number;
  },
): Promise<void> {
  await db.insert(agentHistory).values({
    ...entry,
    task: taskLine(entry.task),
    executionMs: Math.max(0, Math.round(entry.executionMs)),
  });
}

/** The person's latest agent work, newest first. */
export async function listAgentHistory(db: Database, userId: string): Promise<AgentHistoryEntry[]> {
  const rows = await db
    .select()
    .from(agentHistory)
    .where(eq(agentHistory.userId, userId))
    .orderBy(desc(agentHistory.createdAt), desc(agentHistory.id))
    .limit(AGENT_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    agent: row.agent,
    task: row.task,
    success: row.success,
    timestamp: row.createdAt.toISOString(),
    executionTime: row.executionMs,
    projectId: row.projectId,
  }));
}
