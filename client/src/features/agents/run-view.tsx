import { AGENT_ROLE_NAMES, type OrchestrationResult } from '@kiln/shared';
import { MessageText } from '../../components/message-text';
import { AgentIntro } from './agent-intro';
import { DebugReport } from './debug-report';
import { PlanSection } from './plan-section';
import { ResultSection } from './result-section';
import { ReviewFindings } from './review-findings';
import { RunChanges } from './run-changes';
import { RunHeader } from './run-header';
import { TaskList } from './task-list';
import { taskRows } from './task-rows';
import { TestSuites } from './test-suites';
import type { OrchestrationPhase } from './use-orchestration';

/** Who is working now, in words, for the run's status line. */
function workingText(run: OrchestrationResult): string {
  const task = run.tasks.findLast((candidate) => candidate.status === 'in_progress');
  return task ? `${AGENT_ROLE_NAMES[task.type]} is working...` : 'The agents are working...';
}

/**
 * The run the panel shows: its request and state, the five tasks, then each part of the result
 * as it arrives: plan, files changed with Undo, review findings, tests, debug and summary.
 */
export function RunView({
  projectId,
  run,
  phase,
  pendingRequest,
  following,
  onOpenFile,
  onOpenFileAt,
  onFilesChanged,
}: {
  projectId: string;
  run: OrchestrationResult | null;
  phase: OrchestrationPhase;
  pendingRequest: string | null;
  following: boolean;
  onOpenFile: (path: string) => void;
  onOpenFileAt: (path: string, line: number) => void;
  onFilesChanged: () => void;
}) {
  if (phase === 'starting') {
    return (
      <>
        <RunHeader
          request={pendingRequest ?? ''}
          status="starting"
          createdAt={null}
          working="Starting the agents..."
          error={null}
        />
        <TaskList rows={taskRows([])} />
      </>
    );
  }
  if (!run) return <AgentIntro />;

  const reviewed = run.tasks.some((task) => task.type === 'review' && task.status === 'completed');
  return (
    <>
      <RunHeader
        request={run.userRequest}
        status={run.status}
        createdAt={run.createdAt}
        working={following ? workingText(run) : null}
        error={run.status === 'failed' ? run.error : null}
      />
      <TaskList rows={taskRows(run.tasks)} />
      {run.plan && <PlanSection plan={run.plan} />}
      {run.filesModified.length > 0 && (
        <RunChanges
          projectId={projectId}
          run={run}
          onOpenFile={onOpenFile}
          onFilesChanged={onFilesChanged}
        />
      )}
      {(reviewed || run.review.length > 0) && (
        <ReviewFindings title="Review findings" findings={run.review} onOpenFileAt={onOpenFileAt} />
      )}
      {run.tests.length > 0 && <TestSuites title="Tests" suites={run.tests} />}
      {run.debug && <DebugReport report={run.debug} />}
      {run.summary && (
        <ResultSection title="Summary">
          <MessageText text={run.summary} />
        </ResultSection>
      )}
    </>
  );
}
