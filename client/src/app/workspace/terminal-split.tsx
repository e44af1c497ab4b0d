import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Group, Panel, Separator, usePanelRef } from 'react-resizable-panels';

/** Collapsed, the terminal keeps its title bar (h-9) in view, with the latest run's outcome. */
const TITLE_BAR = '36px';
const OPEN_SIZE = '35%';

/**
 * The terminal under the editor column: opened by a run or Cmd/Ctrl+Shift+T,
 * collapsed back to its title bar, resized by dragging the line above it.
 */
export function useTerminalPanel() {
  const panelRef = usePanelRef();
  const [open, setOpen] = useState(false);
  // Until the panel has been open there is no earlier size for expand() to go back to.
  const hasBeenOpen = useRef(false);

  const show = useCallback(() => {
    const panel = panelRef.current;
    if (!panel?.isCollapsed()) return;
    if (hasBeenOpen.current) panel.expand();
    else panel.resize(OPEN_SIZE);
  }, [panelRef]);

  const toggle = useCallback(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (panel.isCollapsed()) show();
    else panel.collapse();
  }, [panelRef, show]);

  const onResize = useCallback(() => {
    const isOpen = !(panelRef.current?.isCollapsed() ?? true);
    if (isOpen) hasBeenOpen.current = true;
    setOpen(isOpen);
  }, [panelRef]);

  return { panelRef, open, show, toggle, onResize };
}

export function TerminalSplit({
  terminal,
  panel,
  children,
}: {
  terminal: ReturnType<typeof useTerminalPanel>;
  /** The terminal itself. */
  panel: ReactNode;
  /** The code editor, or its empty state. */
  children: ReactNode;
}) {
  return (
    <Group orientation="vertical" className="h-full">
      <Panel id="code" minSize="20%">
        {children}
      </Panel>
      <Separator className="bg-border hover:bg-primary/60 data-[separator=active]:bg-primary h-px transition-colors" />
      <Panel
        id="terminal"
        panelRef={terminal.panelRef}
        collapsible
        collapsedSize={TITLE_BAR}
        defaultSize={TITLE_BAR}
        minSize="15%"
        onResize={terminal.onResize}
      >
        {panel}
      </Panel>
    </Group>
  );
}
