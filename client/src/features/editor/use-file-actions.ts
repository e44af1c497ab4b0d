import type { ProjectFileEntry } from '@kiln/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { createFile, deleteFile, filesQueryKey, moveFile, uploadFiles } from './api';
import { storageRefusal } from '../../lib/storage-refusal';
import type { UploadEntry } from './dropped-files';

const isAtOrInside = (path: string, folder: string) =>
  path === folder || path.startsWith(`${folder}/`);

/**
 * Creating, renaming, deleting and uploading files, with their toasts and the selection rules:
 * renaming the open file follows it to its new path, deleting it clears the selection.
 */
export function useFileActions(options: {
  projectId: string;
  selectedPath: string | null;
  select: (path: string | null) => void;
  /** Unsaved edits are saved first, so a move never strands them under the old path. */
  flush: () => Promise<void>;
}) {
  const { projectId, selectedPath, select, flush } = options;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: filesQueryKey(projectId) }),
    [queryClient, projectId],
  );

  const run = useCallback(
    async <T>(work: () => Promise<T>, failure: { title: string; description?: string }) => {
      setPending(true);
      try {
        return await work();
      } catch (error) {
        toast({
          ...(storageRefusal(error) ?? {
            title: failure.title,
            description: messageOf(error, failure.description ?? ''),
          }),
          variant: 'destructive',
        });
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [],
  );

  const create = useCallback(
    async (path: string, isDirectory: boolean) => {
      const file = await run(() => createFile({ projectId, path, isDirectory, content: '' }), {
        title: 'Failed to create file.',
      });
      if (!file) return false;
      await refresh();
      if (!isDirectory) select(file.path);
      return true;
    },
    [projectId, refresh, run, select],
  );

  const rename = useCallback(
    async (file: ProjectFileEntry, path: string) => {
      await flush();
      const moved = await run(() => moveFile(file.id, path), { title: 'Failed to rename file.' });
      if (!moved) return false;
      await refresh();
      if (selectedPath && isAtOrInside(selectedPath, file.path)) {
        select(path + selectedPath.slice(file.path.length));
      }
      return true;
    },
    [flush, refresh, run, select, selectedPath],
  );

  const remove = useCallback(
    async (file: ProjectFileEntry) => {
      const done = await run(() => deleteFile(file.id), { title: 'Failed to delete file.' });
      if (!done) return false;
      await refresh();
      if (selectedPath && isAtOrInside(selectedPath, file.path)) select(null);
      return true;
    },
    [refresh, run, select, selectedPath],
  );

  const upload = useCallback(
    async (entries: UploadEntry[], folder = '') => {
      if (entries.length === 0) return;
      const placed = entries.map((entry) => ({
        ...entry,
        path: folder ? `${folder}/${entry.path}` : entry.path,
      }));
      const written = await run(() => uploadFiles(projectId, placed), {
        title: 'Upload failed',
        description: 'Failed to upload files. Please try again.',
      });
      if (!written) return;
      await refresh();
      toast({
        title: 'Files uploaded',
        description: `Successfully uploaded ${written.length} file(s)`,
        variant: 'success',
      });
    },
    [projectId, refresh, run],
  );

  return { create, rename, remove, upload, pending };
}
