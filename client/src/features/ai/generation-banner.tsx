import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useGeneration } from './api/get-generation';
import { conversationQueryKey } from '../../lib/ai-conversation';

/**
 * While the AI builds a project the person opened early, a line under the header says so and
 * names its latest step; the file tree follows as files are written, and when it finishes the
 * chat shows the turn (with its Undo).
 */
export function GenerationBanner({
  projectId,
  onFilesChanged,
}: {
  projectId: string;
  /** The editor refreshes its file list. */
  onFilesChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const { data: generation } = useGeneration(projectId);
  const written = generation?.filesModified.length ?? 0;
  const status = generation?.status;
  const underWay = status === 'queued' || status === 'running';
  const lastStatus = useRef(underWay);

  useEffect(() => {
    if (written > 0) onFilesChanged();
  }, [onFilesChanged, written]);

  useEffect(() => {
    if (lastStatus.current && !underWay) {
      onFilesChanged();
      void queryClient.invalidateQueries({ queryKey: conversationQueryKey(projectId) });
    }
    lastStatus.current = underWay;
  }, [queryClient, projectId, underWay, onFilesChanged]);

  if (!underWay) return null;
  const step = generation?.actionLog.at(-1);
  return (
    <div
      role="status"
      className="bg-primary/10 text-foreground flex items-center gap-2 border-b px-4 py-1.5 text-sm"
    >
      <Loader2 className="text-primary size-4 animate-spin" aria-hidden />
      <span className="font-medium">
        {status === 'queued'
          ? 'The AI will start building this project in a moment'
          : 'The AI is building this project'}
      </span>
      {step && <span className="text-muted-foreground truncate">· {step}</span>}
      {written > 0 && (
        <span className="text-muted-foreground ml-auto shrink-0">
          {written} file{written === 1 ? '' : 's'} written
        </span>
      )}
    </div>
  );
}
