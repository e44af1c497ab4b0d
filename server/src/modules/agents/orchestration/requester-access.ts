import type { DbOrTx } from '../../../db/client';
import type { ProjectRow } from '../../projects/tables';
import { AppError } from '../../../lib/app-error';
import { getEditableProject } from '../../projects';
import type { OrchestrationBody } from './body';
import { summarize } from './outcomes';

/** Why a run that waited in the queue may not start, by what the project policy answered. */
const LOST_ACCESS: Partial<Record<AppError['code'], string>> = {
  NOT_FOUND:
    'The agents did not start: you are no longer a member of this project. Nothing was changed.',
  FORBIDDEN:
    'The agents did not start: you can no longer change this project (you are now a viewer). Nothing was changed.',
};

/**
 * The project as the person who asked for the run may change it now, when the run is about to
 * start, or why they may not: a run waits in the queue, and in the meantime its owner may have
 * removed them or made them a viewer. Asked of the project policy, as the request was.
 */
export async function checkRequesterAccess(options: {
  db: DbOrTx;
  userId: string;
  projectId: string;
}): Promise<{ project: ProjectRow } | { refusal: string }> {
  try {
    return { project: await getEditableProject(options) };
  } catch (error) {
    const refusal = error instanceof AppError ? LOST_ACCESS[error.code] : undefined;
    if (refusal === undefined) throw error;
    return { refusal };
  }
}

/** The result of a run refused before it started: every task not started, and why. */
export function refusedBody(body: OrchestrationBody, refusal: string): OrchestrationBody {
  const refused: OrchestrationBody = {
    ...body,
    tasks: body.tasks.map((task) => ({ ...task, status: 'failed', output: 'Not started.' })),
    error: refusal,
  };
  return { ...refused, summary: summarize(refused) };
}
