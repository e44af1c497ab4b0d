import {
  AGENT_ROLE_NAMES,
  AGENT_ROLES,
  type AgentRole,
  type OrchestrationTask,
  type TaskState,
} from '@kiln/shared';

export interface TaskRow {
  role: AgentRole;
  /** What people call the role (AGENT_ROLE_NAMES). */
  name: string;
  state: TaskState;
  input: string;
  output: string;
  /** How long it worked, once it has finished; null too for a role with nothing to do. */
  durationMs: number | null;
}

/**
 * The five roles in their working order, each with its task of the run, or pending until the
 * run reaches it (and before any run). A role that worked twice shows its latest task.
 */
export function taskRows(tasks: readonly OrchestrationTask[]): TaskRow[] {
  const latest = new Map<AgentRole, OrchestrationTask>();
  for (const task of tasks) latest.set(task.type, task);
  return AGENT_ROLES.map((role) => {
    const task = latest.get(role);
    return {
      role,
      name: AGENT_ROLE_NAMES[role],
      state: task?.status ?? 'pending',
      input: task?.input ?? '',
      output: task?.output ?? '',
      durationMs: task ? taskDuration(task) : null,
    };
  });
}

function taskDuration(task: OrchestrationTask): number | null {
  if (!task.startedAt || !task.finishedAt) return null;
  const ms = Date.parse(task.finishedAt) - Date.parse(task.startedAt);
  // A debugger with no failed test to look at starts and ends at once: no time worth showing.
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** '850 ms', '4.2 s', '2 min 5 s': how long an agent worked. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
