import type { ApplyProposalInput, ProjectFile, StaleSaveResponse } from '@kiln/shared';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { CheckpointRecorder } from '../../ai';
import { getFileByPath, presentFile, saveFileContent } from '../../files';
import { getEditableProject, type StorageCaps } from '../../projects';

const ACTION_NAMES = {
  improve: 'Improve',
  optimize: 'Optimize',
  refactor: 'Refactor',
  document: 'Document',
} as const;

/**
 * POST /api/agent/apply: a quick action's proposal saved as the editor saves (only over the
 * version it was proposed for) and kept as a checkpoint, so Undo puts the file back.
 */
export async function applyProposal(options: {
  db: Database;
  storageCaps: StorageCaps;
  userId: string;
  input: Required<Omit<ApplyProposalInput, 'action'>> & Pick<ApplyProposalInput, 'action'>;
}): Promise<
  | { applied: true; file: ProjectFile; checkpointId: string }
  | { applied: false; stale: StaleSaveResponse }
> {
  const { db, userId, input } = options;
  await getEditableProject({ db, userId, projectId: input.projectId });
  const file = await getFileByPath({ db, projectId: input.projectId, path: input.path });
  if (!file) throw new AppError('NOT_FOUND', `${input.path} does not exist`);
  if (file.isDirectory || file.content === null) {
    throw new AppError('VALIDATION_FAILED', `${input.path} is not a text file`);
  }
  if (file.content === input.content && file.version === input.baseVersion) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The proposal is the same as the file: nothing to apply',
    );
  }
  const recorder = new CheckpointRecorder(db, input.projectId);
  await recorder.captureBefore([input.path]);
  const outcome = await saveFileContent({
    storageCaps: options.storageCaps,
    db,
    userId,
    fileId: file.id,
    content: input.content,
    baseVersion: input.baseVersion,
  });
  if (!outcome.saved) {
    const { current } = outcome;
    return {
      applied: false,
      stale: {
        error: `${current.path} was changed elsewhere (it is now at version ${current.version}); the proposal was not applied`,
        code: 'CONFLICT',
        current: presentFile(current),
      },
    };
  }
  const { checkpointId } = await recorder.save({
    userId,
    message: `${ACTION_NAMES[input.action]} ${input.path}`,
  });
  if (!checkpointId) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The proposal is the same as the file: nothing to apply',
    );
  }
  return { applied: true, file: presentFile(outcome.file), checkpointId };
}
