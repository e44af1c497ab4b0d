import { AppLogView } from '../../features/dev-server';
import { shortcutLabel } from '../../features/editor';
import { OutputActions, OutputSummary, OutputView } from '../../features/exec';
import { PackagesControl } from '../../features/packages';
import { TerminalPanel } from '../../features/terminal';
import type { RunControls } from './use-run-controls';
import type { WorkspaceLayout } from './use-workspace-layout';

/**
 * The panel under the editor: the terminal's shells, and its Output of runs and installs under
 * the project's app log.
 */
export function BottomPanel({
  projectId,
  runs,
  layout,
  refreshFiles,
}: {
  projectId: string;
  runs: RunControls;
  layout: WorkspaceLayout;
  refreshFiles: () => void;
}) {
  const { runner, app, shellTabs, isMac, terminalPanelRef, runSelected } = runs;
  const { terminal } = layout;
  const install = (options: { force?: boolean } = {}) => {
    shellTabs.showOutput();
    terminal.show();
    void runner.install(options);
  };
  const appLog = app.shown ? <AppLogView app={app} /> : null;
  return (
    <div ref={terminalPanelRef} className="h-full">
      <TerminalPanel
        projectId={projectId}
        open={terminal.open}
        onToggle={terminal.toggle}
        onShow={terminal.show}
        controller={shellTabs}
        onFilesChanged={refreshFiles}
        isMac={isMac}
        toggleShortcut={shortcutLabel('terminal', isMac)}
        summary={<OutputSummary entries={runner.entries} />}
        packages={
          <PackagesControl
            projectId={projectId}
            installing={runner.installing}
            onInstall={install}
          />
        }
        outputActions={<OutputActions entries={runner.entries} onClear={runner.clear} />}
        output={
          <div className="flex h-full min-h-0 flex-col">
            {appLog && <div className="min-h-0 flex-1">{appLog}</div>}
            {/* An app's Output is its log; runs and installs of the panel show below it. */}
            {(!appLog || runner.entries.length > 0) && (
              <div className="min-h-0 flex-1">
                <OutputView
                  entries={runner.entries}
                  runShortcut={shortcutLabel('run', isMac)}
                  running={runner.running}
                  installing={runner.installing}
                  onInstall={() => install()}
                  onRunAgain={runSelected}
                />
              </div>
            )}
          </div>
        }
      />
    </div>
  );
}
