import { pickInitialFile, type ProjectFileEntry } from '@kiln/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useOpenFile, useProjectFiles, type Drafts } from '../../features/editor';
import { isHtmlPath, previewPagePath } from '../../features/preview';

/**
 * The project's files and the one the person has open: the selection, its text as it loads,
 * the paths with unsaved edits and the page the Preview tab shows.
 */
export function useFileSelection(
  projectId: string,
  {
    drafts,
    setActiveFile,
    onPick,
  }: {
    drafts: Drafts;
    setActiveFile: (path: string | null) => void;
    /** A file was picked to open (on a phone, Code then shows it). */
    onPick: () => void;
  },
) {
  const files = useProjectFiles(projectId);
  // Undefined until the person picks (or deletes) a file: until then the initial choice
  // (pickInitialFile) applies. Null is a cleared selection (the open file was deleted).
  const [chosenPath, setChosenPath] = useState<string | null | undefined>(undefined);
  const fileList = useMemo(() => files.data ?? [], [files.data]);
  const selectedPath =
    chosenPath === undefined ? (pickInitialFile(fileList)?.path ?? null) : chosenPath;
  const selected = fileList.find((file) => file.path === selectedPath && !file.isDirectory) ?? null;
  // The list has no content: the selected file's text is fetched as it is opened.
  const openFile = useOpenFile(projectId, fileList, selected);
  const selectedFilePath = selected?.path ?? null;
  useEffect(() => setActiveFile(selectedFilePath), [setActiveFile, selectedFilePath]);
  const shownPath = openFile.loading ? null : (openFile.file?.path ?? null);

  // Changes whenever any file is saved, so the preview reloads with the new files.
  const revision = useMemo(
    () => `${fileList.length}:${fileList.reduce((sum, file) => sum + file.version, 0)}`,
    [fileList],
  );
  const dirtyPaths = useMemo(() => new Set(Object.keys(drafts)), [drafts]);

  // The page the Preview tab shows stays the one shown last while its CSS or script is open.
  const [lastPage, setLastPage] = useState<string | null>(null);
  if (selected && isHtmlPath(selected.path) && selected.path !== lastPage) {
    setLastPage(selected.path);
  }
  const previewPath = previewPagePath(fileList, selectedFilePath, lastPage);

  const pick = useCallback(
    (file: ProjectFileEntry) => {
      setChosenPath(file.path);
      onPick();
    },
    [onPick],
  );
  // A file the AI names (its 'Files Updated' list) opens as if picked in the tree.
  const openByPath = useCallback(
    (path: string) => {
      const file = fileList.find((entry) => entry.path === path && !entry.isDirectory);
      if (file) pick(file);
    },
    [fileList, pick],
  );

  return {
    files,
    fileList,
    selectedPath,
    selected,
    openFile,
    shownPath,
    select: setChosenPath,
    pick,
    openByPath,
    revision,
    dirtyPaths,
    previewPath,
  };
}

export type FileSelection = ReturnType<typeof useFileSelection>;
