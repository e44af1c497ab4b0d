import type { ProjectFile, ProjectFileEntry } from '@kiln/shared';
import { useFileContent, useInitialFile } from './api';

export interface OpenFile {
  /** The file the editor shows, with its text; null while there is none to show yet. */
  file: ProjectFile | null;
  /** The selected file's text is on its way; `file`, if any, is the one opened before. */
  loading: boolean;
  /** The selected file's text could not be read. */
  failed: boolean;
  retry: () => void;
}

/**
 * The text of the selected file, fetched when it is opened (the file list carries none). The
 * first file's text is asked for alongside the list; until a newly selected file's text arrives
 * the editor keeps the file it has, read-only, rather than unmounting and losing its state.
 */
export function useOpenFile(
  projectId: string,
  files: readonly ProjectFileEntry[],
  selected: ProjectFileEntry | null,
): OpenFile {
  const initial = useInitialFile(projectId);
  const text = selected && !selected.isBinary && !selected.isDirectory ? selected : null;
  // While the first file is on its way with the initial request, asking again would fetch it twice.
  const content = useFileContent(text, { enabled: !initial.isPending });
  const shown = content.data;
  // A file deleted meanwhile is not shown, even for a moment.
  const keep =
    shown !== undefined &&
    (!content.isPlaceholderData || files.some((file) => file.id === shown.id));
  return {
    file: text && keep ? (shown ?? null) : null,
    loading: text !== null && (content.isPending || content.isPlaceholderData),
    failed: text !== null && content.isError,
    retry: () => void content.refetch(),
  };
}
