import { ChevronDown, ChevronUp, SquareTerminal } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
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
  /** A shell changed project files: the file tree refreshes. */
  onFilesChanged: () => void;
  isMac: boolean;
  /** The platform's keys for this panel, for its hint. */
  toggleShortcut: string;
  /** The latest run's outcome, beside the tabs. */
  summary: ReactNode;
  /** The project's packages and their install, at the end of the title bar. */
  packages: ReactNode;
  /** The Output's own actions, shown while the Output tab is. */
  outputActions: ReactNode;
  /** The Output tab: the runs and installs, under the project's app log if it has one. */
  output: ReactNode;
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
  onFilesChanged,
  isMac,
  toggleShortcut,
  summary,
  packages,
  outputActions,
  output,
}: TerminalPanelProps) {
  const titleId = useId();
  const bodyId = useId();
  const { tabs, shells } = controller;
  const outputShown = tabs.active === OUTPUT_TAB;

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
        <span className="ml-1 min-w-0">{summary}</span>
        <div className="ml-auto flex shrink-0 items-center">
          {packages}
          {outputShown && outputActions}
        </div>
      </div>
      {/* Collapsed, the body stays mounted (the shells stay connected) but inert. */}
      <div id={bodyId} hidden={!open} inert={!open} className="min-h-0 flex-1">
        <TabPanel id={OUTPUT_TAB} active={outputShown}>
          {output}
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
