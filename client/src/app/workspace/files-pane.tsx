import type { ProjectFileEntry } from '@kiln/shared';
import { FileTree, type useFileActions } from '../../features/editor';
import { StorageMeter } from '../../features/storage';
import type { FileSelection } from './use-file-selection';
import type { WorkspaceDialogs } from './use-workspace-dialogs';

/** The left column: the file tree, with the project's storage at its foot. */
export function FilesPane({
  projectId,
  selection,
  dialogs,
  actions,
  readOnly,
  onSelect,
}: {
  projectId: string;
  selection: FileSelection;
  dialogs: WorkspaceDialogs;
  actions: ReturnType<typeof useFileActions>;
  readOnly: boolean;
  onSelect: (file: ProjectFileEntry) => void;
}) {
  const { files } = selection;
  if (files.isPending) return <p className="text-muted-foreground p-4 text-sm">Loading files...</p>;
  return (
    <FileTree
      files={selection.fileList}
      selectedPath={selection.selectedPath}
      dirtyPaths={selection.dirtyPaths}
      onSelect={onSelect}
      onCreate={(parent, kind) => dialogs.setCreating({ parent, kind })}
      onRename={dialogs.setRenaming}
      onDelete={dialogs.setDeleting}
      onUpload={(entries) => void actions.upload(entries)}
      readOnly={readOnly}
      footer={<StorageMeter projectId={projectId} changedAt={files.dataUpdatedAt} />}
    />
  );
}
