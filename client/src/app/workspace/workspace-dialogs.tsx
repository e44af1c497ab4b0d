import { DatabaseToolsDialog } from '../../features/database';
import { DeployDialog } from '../../features/deployment';
import {
  ConflictDialog,
  CreateFileDialog,
  DeleteFileDialog,
  GoToLineDialog,
  QuickOpenDialog,
  RenameDialog,
  SearchDialog,
  ShortcutsDialog,
  type useAutosave,
  type useFileActions,
} from '../../features/editor';
import { EnvVarsDialog } from '../../features/env-vars';
import { GitHubDialog } from '../../features/git-sync';
import type { CodeNavigation } from './use-code-navigation';
import type { FileSelection } from './use-file-selection';
import type { useFocusReturn } from './use-focus-return';
import type { WorkspaceDialogs as Dialogs } from './use-workspace-dialogs';

/**
 * Every dialog of the workspace. Each gives the focus back where it was when it closes; one
 * that opens a place in the code gives it to the editor instead.
 */
export function WorkspaceDialogs({
  projectId,
  dialogs,
  selection,
  navigation,
  autosave,
  actions,
  focusReturn,
  refreshFiles,
}: {
  projectId: string;
  dialogs: Dialogs;
  selection: FileSelection;
  navigation: CodeNavigation;
  autosave: ReturnType<typeof useAutosave>;
  actions: ReturnType<typeof useFileActions>;
  focusReturn: ReturnType<typeof useFocusReturn>;
  refreshFiles: () => void;
}) {
  const { dialog, openChange, creating, renaming, deleting } = dialogs;
  const { onCloseAutoFocus } = focusReturn;
  // The dialog closes and the editor, not the dialog's opener, takes the focus.
  const closeToEditor = () => {
    focusReturn.focusEditorOnClose();
    dialogs.close();
  };
  return (
    <>
      <ConflictDialog
        conflict={autosave.conflict}
        onResolve={autosave.resolveConflict}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <QuickOpenDialog
        open={dialog === 'quickOpen'}
        onOpenChange={openChange('quickOpen')}
        files={selection.fileList}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpen={(file) => {
          closeToEditor();
          selection.select(file.path);
        }}
      />
      <SearchDialog
        open={dialog === 'search'}
        onOpenChange={openChange('search')}
        projectId={projectId}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenMatch={(match) => {
          closeToEditor();
          navigation.openAt(match.filePath, match.line, match.column);
        }}
      />
      <GoToLineDialog
        open={dialog === 'goToLine'}
        onOpenChange={openChange('goToLine')}
        lineCount={dialogs.lineCount}
        onCloseAutoFocus={onCloseAutoFocus}
        onGo={(line) => {
          closeToEditor();
          navigation.reveal(line);
        }}
      />
      <EnvVarsDialog
        projectId={projectId}
        open={dialog === 'envVars'}
        onOpenChange={openChange('envVars')}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <DatabaseToolsDialog
        projectId={projectId}
        open={dialog === 'databaseTools'}
        onOpenChange={openChange('databaseTools')}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <GitHubDialog
        projectId={projectId}
        open={dialog === 'github'}
        onOpenChange={openChange('github')}
        onFilesChanged={refreshFiles}
        onBeforeSync={autosave.saveAll}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <DeployDialog
        projectId={projectId}
        open={dialog === 'deploy'}
        onOpenChange={openChange('deploy')}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <ShortcutsDialog
        open={dialog === 'shortcuts'}
        onOpenChange={openChange('shortcuts')}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <CreateFileDialog
        key={creating ? `create:${creating.parent}|${creating.kind}` : 'create'}
        parentPath={creating?.parent ?? null}
        initialKind={creating?.kind}
        pending={actions.pending}
        onCloseAutoFocus={onCloseAutoFocus}
        onCancel={() => dialogs.setCreating(null)}
        onCreate={async (path, isDirectory) => {
          if (await actions.create(path, isDirectory)) dialogs.setCreating(null);
        }}
      />
      <RenameDialog
        key={`rename:${renaming?.path ?? ''}`}
        path={renaming?.path ?? null}
        pending={actions.pending}
        onCloseAutoFocus={onCloseAutoFocus}
        onCancel={() => dialogs.setRenaming(null)}
        onRename={async (path) => {
          if (renaming?.file && (await actions.rename(renaming.file, path))) {
            dialogs.setRenaming(null);
          }
        }}
      />
      <DeleteFileDialog
        target={deleting}
        pending={actions.pending}
        onCloseAutoFocus={onCloseAutoFocus}
        onCancel={() => dialogs.setDeleting(null)}
        onDelete={async () => {
          if (deleting?.file && (await actions.remove(deleting.file))) dialogs.setDeleting(null);
        }}
      />
    </>
  );
}
