// The code editor's public face: Monaco with its autosave and conflicts, the file tree and file
// dialogs, the editor's own dialogs (quick open, search, go to line, shortcuts) and the shortcut
// catalogue. The workspace page that composes them with the other features is app/workspace.
export { useProject, useProjectFiles, useRefreshFiles } from './api';
export { ConflictDialog } from './conflict-dialog';
export { EditorPane } from './editor-pane';
export { CreateFileDialog, DeleteFileDialog, RenameDialog } from './file-dialogs';
export { FileTree } from './file-tree';
export type { Drafts } from './drafts';
export type { TreeNode } from './file-tree-model';
export { loadCodeEditor } from './lazy-code-editor';
export { saveStatusText, type SaveState } from './save-status';
export { useAutosave, type SaveThroughOutcome } from './use-autosave';
export { useFileActions } from './use-file-actions';
export { useOpenFile } from './use-open-file';
export { bindEditorShortcuts, type ShortcutHandlers } from './dialogs/bind-editor-shortcuts';
export { GoToLineDialog } from './dialogs/go-to-line-dialog';
export { QuickOpenDialog } from './dialogs/quick-open-dialog';
export { SearchDialog } from './dialogs/search-dialog';
export { ShortcutsDialog } from './dialogs/shortcuts-dialog';
export {
  isMacPlatform,
  matchShortcut,
  shortcutLabel,
  type ShortcutScope,
} from './dialogs/shortcuts';
