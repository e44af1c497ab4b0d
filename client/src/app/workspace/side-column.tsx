import { AgentPanel, agentContextFiles } from '../../features/agents';
import { AiChatPanel } from '../../features/ai';
import { shortcutLabel, type useAutosave } from '../../features/editor';
import { SidePanel } from './side-panel';
import type { CodeNavigation } from './use-code-navigation';
import type { FileSelection } from './use-file-selection';
import type { RunControls } from './use-run-controls';
import type { SideColumnState } from './use-side-column';

/**
 * The right column: Preview, AI Chat and Quick Actions, or the AI agents in their place. Both
 * stay mounted when hidden, so a chat answer or a run followed goes on behind the other; the
 * hidden one is inert as well as out of view.
 */
export function SideColumn({
  projectId,
  selection,
  navigation,
  side,
  runs,
  autosave,
  agentVisible,
  refreshFiles,
  onOpenFile,
}: {
  projectId: string;
  selection: FileSelection;
  navigation: CodeNavigation;
  side: SideColumnState;
  runs: RunControls;
  autosave: ReturnType<typeof useAutosave>;
  /** The agents are on screen (on a phone, only in the Preview & AI pane). */
  agentVisible: boolean;
  refreshFiles: () => void;
  onOpenFile: (path: string) => void;
}) {
  const { selected, shownPath } = selection;
  const selectedPath = selected?.path ?? null;
  const agentFiles = () => {
    const text = selected && !selected.isBinary ? navigation.editorText(selected) : null;
    return agentContextFiles({
      openFile: selected && text !== null ? { path: selected.path, content: text } : null,
      drafts: autosave.drafts,
    });
  };
  return (
    <>
      <div
        hidden={side.agentShown}
        inert={side.agentShown}
        className="flex h-full min-h-0 flex-1 flex-col"
      >
        <SidePanel
          projectId={projectId}
          selectedPath={selectedPath}
          previewPath={selection.previewPath}
          revision={selection.revision}
          tab={side.tab}
          onTabChange={side.setTab}
          appUrl={runs.app.link?.url ?? null}
          onRenewAppUrl={runs.app.renewLink}
          onOpenFile={onOpenFile}
          actionsOnPage={side.actionsPage !== null && side.actionsPage === selectedPath}
          quickActions={{
            editor: navigation.codeEditor,
            path: shownPath,
            saveThrough: autosave.saveThrough,
            flush: autosave.saveAll,
            onFilesChanged: refreshFiles,
            focusRequest: side.quickActionsFocus,
            shortcut: shortcutLabel('aiSuggestions', runs.isMac),
          }}
        />
      </div>
      {side.agentMounted && (
        <div
          hidden={!side.agentShown}
          inert={!side.agentShown}
          className="flex h-full min-h-0 flex-1 flex-col"
        >
          <AgentPanel
            key={projectId}
            projectId={projectId}
            visible={agentVisible}
            getContextFiles={agentFiles}
            onOpenFile={onOpenFile}
            onOpenFileAt={navigation.openAt}
            onFilesChanged={refreshFiles}
            chat={
              <AiChatPanel
                projectId={projectId}
                openFile={selectedPath}
                onOpenFile={onOpenFile}
                onFilesChanged={refreshFiles}
                failureMessage="Failed to get AI response."
              />
            }
          />
        </div>
      )}
    </>
  );
}
