import { useMemo, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { isAppProject, useDevServer } from '../../features/dev-server';
import { isMacPlatform, shortcutLabel } from '../../features/editor';
import { runAvailability, useRun } from '../../features/exec';
import { usePackageInstaller } from '../../features/packages';
import { useShellTabs } from '../../features/terminal';
import type { CodeNavigation } from './use-code-navigation';
import type { FileSelection } from './use-file-selection';
import type { WorkspaceLayout } from './use-workspace-layout';

/**
 * Running: the selected file (Run), the project's app (Run app), and the terminal under the
 * editor where both show.
 */
export function useRunControls({
  projectId,
  selection,
  navigation,
  layout,
  viewOnly,
  refreshFiles,
  showPreview,
}: {
  projectId: string;
  selection: FileSelection;
  navigation: CodeNavigation;
  layout: WorkspaceLayout;
  viewOnly: boolean;
  refreshFiles: () => void;
  /** Puts the Preview tab in view, where a started app shows. */
  showPreview: () => void;
}) {
  const { fileList, selected, previewPath } = selection;
  const { terminal } = layout;
  // An install may write a lockfile: the tree shows it.
  const packages = usePackageInstaller(projectId);
  const runner = useRun(projectId, { packages, onInstalled: refreshFiles });
  // An app (package.json, Flask, Django, Go, a run setting): Run app starts it, the preview shows it.
  const isApp = useMemo(() => isAppProject(fileList.map((file) => file.path)), [fileList]);
  const app = useDevServer(projectId, isApp && !viewOnly);
  const shellTabs = useShellTabs();
  const [isMac] = useState(isMacPlatform);
  const run = runAvailability(selected?.path ?? null, {
    runShortcut: shortcutLabel('run', isMac),
    previewShortcut: shortcutLabel('preview', isMac),
    canPreview: previewPath !== null,
  });

  // Run app: the log opens under the editor and the preview beside it, where the app shows.
  const startApp = () => {
    terminal.show();
    shellTabs.showOutput();
    showPreview();
    void app.start();
  };

  const runSelected = () => {
    if (!selected) {
      toast({
        title: 'No file selected',
        description: 'Please select a file to execute.',
        variant: 'destructive',
      });
      return;
    }
    // The Run button is unavailable for such a file; its shortcut says why instead.
    if (!run.runnable) {
      toast({ title: 'Nothing to run', description: run.reason });
      return;
    }
    // A binary file has no text; the server says it cannot run.
    const code = navigation.editorText(selected) ?? (selected.isBinary ? '' : null);
    if (code === null) {
      // Its text is still on its way: running now would run an empty file.
      toast({ title: 'The file is still loading', description: 'Run it again in a moment.' });
      return;
    }
    terminal.show();
    shellTabs.showOutput();
    layout.showCode();
    void runner.run({ filePath: selected.path, code });
  };

  // The shortcut lands in a shell, opening Terminal 1 the first time; pressed again it hides
  // the panel, and the focus goes back to the code if it was in the panel.
  const terminalPanelRef = useRef<HTMLDivElement>(null);
  const toggleTerminal = () => {
    if (!terminal.open) {
      terminal.show();
      shellTabs.focusShell();
      return;
    }
    const focusWasInPanel = terminalPanelRef.current?.contains(document.activeElement) ?? false;
    terminal.toggle();
    if (focusWasInPanel) navigation.focusEditor();
  };

  return {
    runner,
    isApp,
    app,
    shellTabs,
    isMac,
    run,
    startApp,
    runSelected,
    terminalPanelRef,
    toggleTerminal,
  };
}

export type RunControls = ReturnType<typeof useRunControls>;
