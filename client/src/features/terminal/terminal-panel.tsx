import { ChevronDown, ChevronUp, SquareTerminal } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { OutputActions, OutputSummary, OutputView, type useRun } from '../exec';
import { PackagesControl } from '../packages';
import { ShellView } from './shell-view';
import { panelId, ShellTabBar, tabId } from './shell-tab-bar';
import { OUTPUT_TAB, shellTitle } from './shell-tabs';
import type { ShellTabsController } from './use-shell-tabs';

export interface TerminalPanelProps {
  projectId: string;
  /** Whether the panel's body shows; collapsed, only the title bar does. */
  open: boolean;
  onToggle: () => void;
  onShow: () => void;
  controller: ShellTabsController;
  runner: Pick<
    ReturnType<typeof useRun>,
    'entries' | 'running' | 'installing' | 'install' | 'clear'
  >;
  /** Runs the selected file again, after an install. */
  onRunAgain: () => void;
  /** A shell changed project files: the file tree refreshes. */
  onFilesChanged: () => void;
  isMac: boolean;
  /** The platform's keys for Run and for this panel, for the hints. */
  runShortcut: string;
  toggleShortcut: string;
  /** The project's app log (features/dev-server), shown in the Output tab above its runs. */
  appLog?: ReactNode;
}

/**
 * The panel under the editor: a title bar (show/hide, the tabs, the latest run's outcome, the
 * Packages control and the Output's actions) over the Output of runs and installs and one tab
 * per shell. Shells stay mounted, connected, while another tab shows or the panel is collapsed.
 */
export function TerminalPanel({
  projectId,
  open,
  onToggle,
  onShow,
  controller,
  runner,
  onRunAgain,
  onFilesChanged,
  isMac,
  runShortcut,
  toggleShortcut,
  appLog,
}: TerminalPanelProps) {
  const titleId = useId();
  const bodyId = useId();
  const { tabs, shells } = controller;
  const outputShown = tabs.active === OUTPUT_TAB;

  const install = (options: { force?: boolean } = {}) => {
    controller.showOutput();
    onShow();
    void runner.install(options);
  };

  return (
    <section aria-labelledby={titleId} className="bg-card flex h-full min-h-0 flex-col">
      <div className="@container flex h-9 shrink-0 items-center gap-1 border-b px-1">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          title={`${open ? 'Hide' : 'Show'} the terminal (${toggleShortcut})`}
          className="hover:bg-muted flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-2 text-xs font-medium"
        >
          <SquareTerminal className="size-4" aria-hidden />
          <span id={titleId} className="sr-only @md:not-sr-only">
            Terminal
          </span>
          {open ? (
            <ChevronDown className="size-3.5" aria-hidden />
          ) : (
            <ChevronUp className="size-3.5" aria-hidden />
          )}
        </button>
        <ShellTabBar
          controller={controller}
          onShow={onShow}
          onOpenShell={() => {
            controller.open();
            onShow();
          }}
        />
        <span className="ml-1 min-w-0">
          <OutputSummary entries={runner.entries} />
        </span>
        <div className="ml-auto flex shrink-0 items-center">
          <PackagesControl
            projectId={projectId}
            installing={runner.installing}
            onInstall={install}
          />
          {outputShown && <OutputActions entries={runner.entries} onClear={runner.clear} />}
        </div>
      </div>
      <div id={bodyId} hidden={!open} className="min-h-0 flex-1">
        <TabPanel id={OUTPUT_TAB} active={outputShown}>
          <div className="flex h-full min-h-0 flex-col">
            {appLog && <div className="min-h-0 flex-1">{appLog}</div>}
            {/* An app's Output is its log; runs and installs of the panel show below it. */}
            {(!appLog || runner.entries.length > 0) && (
              <div className="min-h-0 flex-1">
                <OutputView
                  entries={runner.entries}
                  runShortcut={runShortcut}
                  running={runner.running}
                  installing={runner.installing}
                  onInstall={() => install()}
                  onRunAgain={onRunAgain}
                />
              </div>
            )}
          </div>
        </TabPanel>
        {tabs.shells.map((tab) => {
          const shell = shells[tab.id];
          if (!shell) return null;
          const active = tabs.active === tab.id;
          return (
            <TabPanel key={tab.id} id={tab.id} active={active}>
              <ShellView
                projectId={projectId}
                title={shellTitle(tab)}
                shell={shell}
                visible={open && active}
                isMac={isMac}
                onEvent={(event) => {
                  if (event.type === 'files-changed') onFilesChanged();
                  controller.report(tab.id, event);
                }}
                onRestart={() => controller.restart(tab.id)}
                onClose={() => controller.close(tab.id)}
              />
            </TabPanel>
          );
        })}
      </div>
    </section>
  );
}

function TabPanel({
  id,
  active,
  ...props
}: { id: string; active: boolean } & Omit<ComponentProps<'div'>, 'id'>) {
  return (
    <div
      role="tabpanel"
      id={panelId(id)}
      aria-labelledby={tabId(id)}
      hidden={!active}
      className="h-full min-h-0"
      {...props}
    />
  );
}
