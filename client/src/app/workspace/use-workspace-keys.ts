import type { useAutosave } from '../../features/editor';
import type { CodeNavigation } from './use-code-navigation';
import type { FileSelection } from './use-file-selection';
import type { RunControls } from './use-run-controls';
import type { SideColumnState } from './use-side-column';
import type { WorkspaceDialogs } from './use-workspace-dialogs';
import type { WorkspaceLayout } from './use-workspace-layout';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts';

/** What each of the workspace's shortcuts does; `bindEditor` binds them inside Monaco too. */
export function useWorkspaceKeys({
  selection,
  navigation,
  layout,
  side,
  runs,
  dialogs,
  autosave,
}: {
  selection: FileSelection;
  navigation: CodeNavigation;
  layout: WorkspaceLayout;
  side: SideColumnState;
  runs: RunControls;
  dialogs: WorkspaceDialogs;
  autosave: ReturnType<typeof useAutosave>;
}) {
  const { selected, previewPath } = selection;
  return useWorkspaceShortcuts({
    quickOpen: () => dialogs.open('quickOpen'),
    searchInFiles: () => dialogs.open('search'),
    goToLine: () => {
      if (selected) dialogs.goToLine(navigation.lineCount());
    },
    toggleSidebar: layout.toggleSidebar,
    save: () => void autosave.saveAll(),
    saveAll: () => void autosave.saveAll(),
    newFile: () => dialogs.setCreating({ parent: '', kind: 'file' }),
    run: runs.runSelected,
    preview: () => {
      if (!previewPath) return;
      side.setTab('preview');
      layout.showSide();
    },
    terminal: runs.toggleTerminal,
    aiSuggestions: () => {
      side.askQuickActions(selected?.path ?? null);
      layout.showSide();
    },
    shortcutsHelp: () => dialogs.open('shortcuts'),
  });
}
