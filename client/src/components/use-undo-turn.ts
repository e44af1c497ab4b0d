import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from './ui/toast-store';
import { ApiError, messageOf } from '../lib/api-error';
import { conversationQueryOptions } from '../lib/ai-conversation';
import { restoreCheckpoint } from '../lib/restore-checkpoint';

/**
 * Undo of one turn: restores its checkpoint. When a file the turn touched has changed since,
 * the server answers 409 naming the files; the person is asked, and confirming sends `force`.
 * `wasUndone` tells that 409 from the one for a checkpoint restored already; by default the
 * stored conversation says (an agent run's checkpoint is not in it, so the agent panel asks the
 * checkpoints instead).
 */
export function useUndoTurn({
  projectId,
  onFilesChanged,
  wasUndone,
}: {
  projectId: string;
  onFilesChanged: () => void;
  wasUndone?: (checkpointId: string) => Promise<boolean>;
}) {
  const queryClient = useQueryClient();
  const [pendingCheckpoint, setPendingCheckpoint] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ checkpointId: string; message: string } | null>(null);

  const readConversation = () =>
    queryClient.fetchQuery({ ...conversationQueryOptions(projectId), staleTime: 0 });

  const undo = async (checkpointId: string, force = false) => {
    setPendingCheckpoint(checkpointId);
    try {
      const { restored } = await restoreCheckpoint(checkpointId, force);
      setConflict(null);
      onFilesChanged();
      toast({
        title: 'Changes undone',
        description: `Restored ${restored.length} file(s)`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !force) {
        // The same answer comes for a turn undone already (in another tab, say): wasUndone,
        // or the stored conversation, tells the two apart.
        const spent = wasUndone
          ? await wasUndone(checkpointId).catch(() => false)
          : (await readConversation().catch(() => null))?.some(
              (message) => message.checkpointId === checkpointId && message.undone,
            );
        if (!spent) {
          setConflict({
            checkpointId,
            message: messageOf(error, 'Files the turn changed have changed since.'),
          });
        }
      } else {
        setConflict(null);
        toast({
          title: 'Undo failed',
          description: messageOf(error, 'Failed to undo the changes'),
          variant: 'destructive',
        });
      }
    } finally {
      setPendingCheckpoint(null);
      void readConversation().catch(() => null);
    }
  };

  return {
    pendingCheckpoint,
    conflict,
    undo: (checkpointId: string) => void undo(checkpointId),
    confirmConflict: () => {
      if (conflict) void undo(conflict.checkpointId, true);
    },
    dismissConflict: () => setConflict(null),
  };
}
