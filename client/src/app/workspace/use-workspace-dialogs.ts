import { useState } from 'react';
import type { TreeNode } from '../../features/editor';

export type WorkspaceDialog =
  | 'quickOpen'
  | 'search'
  | 'goToLine'
  | 'shortcuts'
  | 'envVars'
  | 'databaseTools'
  | 'github'
  | 'deploy';

/** The workspace's dialogs, and the file or folder the file dialogs act on. */
export function useWorkspaceDialogs() {
  // One dialog at a time: a shortcut replaces the open one rather than stacking on it.
  const [dialog, setDialog] = useState<WorkspaceDialog | null>(null);
  const [creating, setCreating] = useState<{ parent: string; kind: 'file' | 'folder' } | null>(
    null,
  );
  const [renaming, setRenaming] = useState<TreeNode | null>(null);
  const [deleting, setDeleting] = useState<TreeNode | null>(null);
  const [lineCount, setLineCount] = useState(1);

  return {
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    /** A dialog's onOpenChange. */
    openChange: (name: WorkspaceDialog) => (open: boolean) => setDialog(open ? name : null),
    /** Go to line, within the open file's lines. */
    goToLine: (lines: number) => {
      setLineCount(lines);
      setDialog('goToLine');
    },
    lineCount,
    creating,
    setCreating,
    renaming,
    setRenaming,
    deleting,
    setDeleting,
  };
}

export type WorkspaceDialogs = ReturnType<typeof useWorkspaceDialogs>;
