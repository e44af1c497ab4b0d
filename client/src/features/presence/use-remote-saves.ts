import { useEffect, useRef } from 'react';
import { toast } from '../../components/ui/toast-store';
import type { Presence } from './use-presence';

/**
 * When someone else saves a file, the file list is read again: it carries each file's version,
 * so the open file, if unmodified here, takes the new text (features/editor/use-server-text.ts).
 * If it has unsaved edits here they stay, the person is told, and their next save meets the
 * change in the conflict dialog: nothing is lost.
 */
export function useReloadOnRemoteSave(options: {
  presence: Pick<Presence, 'onRemoteSave'>;
  openPath: string | null;
  unsavedPaths: ReadonlySet<string>;
  refreshFiles: () => void;
}): void {
  const { onRemoteSave } = options.presence;
  const { refreshFiles } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(
    () =>
      onRemoteSave((save) => {
        refreshFiles();
        const { openPath, unsavedPaths } = latest.current;
        if (save.filePath !== openPath || !unsavedPaths.has(save.filePath)) return;
        toast({
          title: `${save.userName} saved ${save.filePath}`,
          description:
            'Your unsaved changes here are kept. When they are saved, you choose which version to keep.',
        });
      }),
    [onRemoteSave, refreshFiles],
  );
}
