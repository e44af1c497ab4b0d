import type { OnMount } from '@monaco-editor/react';
import { EditorPane, type useAutosave } from '../../features/editor';
import { BottomPanel } from './bottom-panel';
import { TerminalSplit } from './terminal-split';
import type { FileSelection } from './use-file-selection';
import type { RunControls } from './use-run-controls';
import type { WorkspaceLayout } from './use-workspace-layout';

/** The middle column: the open file in the code editor, over the terminal. */
export function CodePane({
  projectId,
  selection,
  autosave,
  layout,
  runs,
  readOnly,
  refreshFiles,
  onEditorMount,
}: {
  projectId: string;
  selection: FileSelection;
  autosave: ReturnType<typeof useAutosave>;
  layout: WorkspaceLayout;
  runs: RunControls;
  readOnly: boolean;
  refreshFiles: () => void;
  onEditorMount: OnMount;
}) {
  return (
    <TerminalSplit
      terminal={layout.terminal}
      panel={
        <BottomPanel
          projectId={projectId}
          runs={runs}
          layout={layout}
          refreshFiles={refreshFiles}
        />
      }
    >
      <EditorPane
        selected={selection.selected}
        openFile={selection.openFile}
        drafts={autosave.drafts}
        readOnly={readOnly}
        onMount={onEditorMount}
        onEdit={autosave.edit}
      />
    </TerminalSplit>
  );
}
