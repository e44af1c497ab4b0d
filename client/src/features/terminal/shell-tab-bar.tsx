import { Plus, X } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { isLive } from './shell-status';
import { OUTPUT_TAB, shellTitle, tabAfterKey } from './shell-tabs';
import type { ShellTabsController } from './use-shell-tabs';

export const tabId = (id: string) => `terminal-tab-${id}`;
export const panelId = (id: string) => `terminal-panel-${id}`;

/**
 * The tabs of the bottom panel: Output, then one per shell, and a button for another shell.
 * Arrow keys, Home and End move between tabs (one of them is in the Tab order at a time);
 * Delete closes a shell, as does the x a pointer can click.
 */
export function ShellTabBar({
  controller,
  onOpenShell,
  onShow,
}: {
  controller: ShellTabsController;
  /** Opens a shell and shows the panel. */
  onOpenShell: () => void;
  /** Shows the panel, collapsed to its title bar, when a tab is picked. */
  onShow: () => void;
}) {
  const { tabs, shells } = controller;
  const list = useRef<HTMLDivElement>(null);

  const moveTo = (id: string) => {
    controller.select(id);
    // The tab exists already (an arrow key never creates one): focus it now.
    list.current?.querySelector<HTMLElement>(`#${tabId(id)}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    if (event.key === 'Delete' && id !== OUTPUT_TAB) {
      event.preventDefault();
      controller.close(id);
      return;
    }
    const target = tabAfterKey(tabs, id, event.key);
    if (!target) return;
    event.preventDefault();
    moveTo(target);
  };

  const tabClass = (selected: boolean) =>
    cn(
      'flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-2 text-xs font-medium whitespace-nowrap',
      'focus-visible:ring-ring outline-none focus-visible:ring-2 focus-visible:ring-inset',
      selected ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
    );

  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label="Output and shells"
        className="flex min-w-0 items-center gap-0.5 overflow-x-auto"
      >
        <button
          type="button"
          role="tab"
          id={tabId(OUTPUT_TAB)}
          aria-selected={tabs.active === OUTPUT_TAB}
          aria-controls={panelId(OUTPUT_TAB)}
          tabIndex={tabs.active === OUTPUT_TAB ? 0 : -1}
          className={tabClass(tabs.active === OUTPUT_TAB)}
          onClick={() => {
            controller.select(OUTPUT_TAB);
            onShow();
          }}
          onKeyDown={(event) => onKeyDown(event, OUTPUT_TAB)}
        >
          Output
        </button>
        {tabs.shells.map((tab) => {
          const selected = tabs.active === tab.id;
          const status = shells[tab.id]?.status;
          const ended = status !== undefined && !isLive(status);
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              aria-keyshortcuts="Delete"
              tabIndex={selected ? 0 : -1}
              className={cn(tabClass(selected), 'pr-1')}
              onClick={() => {
                controller.select(tab.id);
                controller.focus(tab.id);
                onShow();
              }}
              // A middle click closes, as on browser tabs.
              onAuxClick={(event) => {
                if (event.button === 1) controller.close(tab.id);
              }}
              onKeyDown={(event) => onKeyDown(event, tab.id)}
              data-testid="shell-tab"
            >
              {shellTitle(tab)}
              {ended && (
                <span className="bg-destructive size-1.5 rounded-full" aria-hidden title="Ended" />
              )}
              {/* Not a button of its own: a tab holds no other control (Delete closes it). */}
              <span
                aria-hidden
                title={`Close ${shellTitle(tab)}`}
                className="hover:bg-background/80 rounded p-0.5"
                data-testid="close-shell"
                onClick={(event) => {
                  event.stopPropagation();
                  controller.close(tab.id);
                }}
              >
                <X className="size-3" />
              </span>
            </button>
          );
        })}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label="New shell"
        title="New shell"
        onClick={onOpenShell}
      >
        <Plus />
      </Button>
    </>
  );
}
