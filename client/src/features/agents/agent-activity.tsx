import { CircleCheck, CircleX } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useAgentHistory } from './api/get-agent-history';
import { useAgentStatus } from './api/get-agent-status';
import { ResultSection } from './result-section';
import { formatDuration } from './task-rows';

/** The history is long (AGENT_HISTORY_LIMIT); the panel shows the latest few. */
const HISTORY_SHOWN = 8;

const clockTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const fullTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The agents and what they did lately, read every 5 seconds while the panel is on screen
 * (`visible`) and not at all while it is hidden.
 */
export function AgentActivity({ visible }: { visible: boolean }) {
  const status = useAgentStatus({ visible });
  const history = useAgentHistory({ visible });
  const entries = (history.data ?? []).slice(0, HISTORY_SHOWN);
  return (
    <>
      <ResultSection title="Agents">
        {status.isError ? (
          <p className="text-muted-foreground">The agents' status could not be read.</p>
        ) : !status.data ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : (
          <ul aria-label="Agent status" className="grid gap-1.5">
            {status.data.agents.map((agent) => (
              <li key={agent.role} className="flex min-w-0 items-center gap-2">
                <span
                  className={cn(
                    'size-2 shrink-0 rounded-full',
                    agent.isActive ? 'bg-success animate-pulse' : 'bg-muted-foreground/40',
                  )}
                  aria-hidden
                />
                <span className="font-medium">{agent.name}</span>
                <span className="sr-only">{agent.isActive ? ', working' : ', idle'}</span>
                <span className="text-muted-foreground ml-auto min-w-0 truncate text-xs">
                  {agent.model ?? 'No model'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ResultSection>
      <ResultSection title="Recent activity">
        {history.isError ? (
          <p className="text-muted-foreground">The history could not be read.</p>
        ) : !history.data ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : entries.length === 0 ? (
          <p className="text-muted-foreground">Nothing yet: the agents' work shows here.</p>
        ) : (
          <ul aria-label="Agent history" className="grid gap-2">
            {entries.map((entry) => {
              const Icon = entry.success ? CircleCheck : CircleX;
              return (
                <li key={entry.id} className="grid min-w-0 grid-cols-[auto_1fr_auto] gap-x-2">
                  <Icon
                    className={cn(
                      'mt-0.5 size-4',
                      entry.success ? 'text-success' : 'text-destructive',
                    )}
                    aria-hidden
                  />
                  <span className="line-clamp-2 min-w-0 break-words">
                    <span className="sr-only">{entry.success ? 'Succeeded: ' : 'Failed: '}</span>
                    <span className="font-medium">{entry.agent}</span>{' '}
                    <span className="text-muted-foreground">{entry.task}</span>
                  </span>
                  <span className="text-muted-foreground text-right text-xs tabular-nums">
                    <time
                      dateTime={entry.timestamp}
                      title={fullTime.format(new Date(entry.timestamp))}
                    >
                      {clockTime.format(new Date(entry.timestamp))}
                    </time>
                    <br />
                    {formatDuration(entry.executionTime)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </ResultSection>
    </>
  );
}
