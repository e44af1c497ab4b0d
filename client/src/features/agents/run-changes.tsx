import type { OrchestrationResult } from '@kiln/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FilesUpdated } from '../../components/files-updated';
import { useUndoTurn } from '../../components/use-undo-turn';
import { checkpointsQueryOptions, useCheckpoints } from './api/get-checkpoints';
import { isRunActive } from './api/get-orchestration';

/**
 * The files a run changed (each opens in the editor) and its Undo, which puts all of them back
 * through the run's checkpoint, asking first when one has been changed since.
 */
export function RunChanges({
  projectId,
  run,
  onOpenFile,
  onFilesChanged,
}: {
  projectId: string;
  run: OrchestrationResult;
  onOpenFile: (path: string) => void;
  onFilesChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const checkpoints = useCheckpoints(projectId);
  const readCheckpoints = () =>
    queryClient.fetchQuery({ ...checkpointsQueryOptions(projectId), staleTime: 0 });
  const isRestored = (checkpointId: string, list = checkpoints.data) =>
    list?.some((checkpoint) => checkpoint.id === checkpointId && checkpoint.restoredAt !== null) ??
    false;
  const undo = useUndoTurn({
    projectId,
    onFilesChanged: () => {
      onFilesChanged();
      void readCheckpoints().catch(() => null);
    },
    wasUndone: async (checkpointId) => isRestored(checkpointId, await readCheckpoints()),
  });

  const { checkpointId } = run;
  const undone = checkpointId !== null && isRestored(checkpointId);
  const pending = checkpointId !== null && undo.pendingCheckpoint === checkpointId;
  return (
    <div className="grid gap-2">
      <FilesUpdated changes={run.filesModified} onOpenFile={onOpenFile} />
      {checkpointId && !isRunActive(run.status) && (
        <div>
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2.5 text-xs"
            disabled={undone || pending}
            aria-label={undone ? 'Undone' : 'Undo the changes of this run'}
            onClick={() => undo.undo(checkpointId)}
          >
            {pending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Undo2 aria-hidden />
            )}
            {undone ? 'Undone' : pending ? 'Undoing...' : 'Undo'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={undo.conflict !== null}
        onClose={undo.dismissConflict}
        title="Undo anyway?"
        description={undo.conflict?.message ?? ''}
        confirmLabel="Undo anyway"
        pendingLabel="Undoing..."
        isPending={undo.pendingCheckpoint !== null}
        onConfirm={undo.confirmConflict}
      />
    </div>
  );
}
