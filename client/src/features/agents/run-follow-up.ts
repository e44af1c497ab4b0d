import {
  ORCHESTRATION_STOPPED,
  type OrchestrationResult,
  type OrchestrationState,
} from '@kiln/shared';
import type { ToastInput } from '../../components/ui/toast-store';
import { isRunActive } from './api/get-orchestration';

/** How a run looked when last seen by the panel. */
export interface RunSighting {
  status: OrchestrationState;
  /** The files it had changed, as one comparable string. */
  changes: string;
}

export interface FollowUp {
  sighting: RunSighting;
  /** The run changed files since it was last seen: the editor reads the file list again. */
  refreshFiles: boolean;
  /** Toasts for a run seen to finish, the one that matters most last (one shows at a time). */
  notices: ToastInput[];
}

const changesOf = (run: OrchestrationResult) =>
  run.filesModified.map((change) => `${change.action}:${change.path}`).join('\n');

/**
 * What seeing a run (again) means for the editor. `previous` is how it looked last time; a run
 * seen for the first time counts as seen running when it was started here (it may finish before
 * its first event arrives), and as already known otherwise: a run found finished after a reload
 * announces nothing, and its files are in the list the editor loaded.
 */
export function followUp(
  previous: RunSighting | undefined,
  run: OrchestrationResult,
  { startedHere }: { startedHere: boolean },
): FollowUp {
  const sighting: RunSighting = { status: run.status, changes: changesOf(run) };
  const before = previous ?? (startedHere ? { status: 'running' as const, changes: '' } : sighting);
  const finished = isRunActive(before.status) && !isRunActive(run.status);
  const notices: ToastInput[] = [];
  if (finished && run.filesModified.length > 0) {
    notices.push({
      title: 'Files Updated',
      description: `Modified ${run.filesModified.length} file(s)`,
      variant: 'success',
    });
  }
  if (finished && run.error === ORCHESTRATION_STOPPED) {
    notices.push({
      title: 'Orchestration stopped',
      description: 'What the agents finished is kept; Undo reverts it.',
    });
  } else if (finished && run.status === 'failed') {
    notices.push({
      title: 'Orchestration failed',
      description: run.error ?? 'The agents could not finish the request.',
      variant: 'destructive',
    });
  }
  return {
    sighting,
    refreshFiles: sighting.changes !== before.changes || (finished && sighting.changes !== ''),
    notices,
  };
}
