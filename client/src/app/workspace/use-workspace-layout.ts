import { useCallback, useState } from 'react';
import { useDefaultLayout, usePanelRef, type Layout } from 'react-resizable-panels';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import type { PhonePane } from './phone-layout';
import { useTerminalPanel } from './terminal-split';

/**
 * Which parts of the workspace are in view: on a desktop the file tree's column (collapsed by
 * Cmd/Ctrl+B) and the terminal under the editor; on a phone the one pane shown.
 */
export function useWorkspaceLayout(projectId: string) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [phonePane, setPhonePane] = useState<PhonePane>('code');
  const filesPanel = usePanelRef();
  // A collapsed column keeps its tree mounted (the filter and the open folders stay) but inert,
  // so its rows are neither in the tab order nor in the accessibility tree.
  const [filesCollapsed, setFilesCollapsed] = useState(false);
  const onColumnsChange = useCallback((columns: Layout) => {
    setFilesCollapsed(columns.files === 0);
  }, []);
  // Column widths are remembered per project.
  const columns = useDefaultLayout({ id: `kiln-editor-${projectId}`, storage: localStorage });
  const terminal = useTerminalPanel();

  const toggleSidebar = () => {
    if (isPhone) {
      setPhonePane((pane) => (pane === 'files' ? 'code' : 'files'));
      return;
    }
    const panel = filesPanel.current;
    if (!panel) return;
    if (panel.isCollapsed()) panel.expand();
    else panel.collapse();
  };

  const showCode = useCallback(() => setPhonePane('code'), []);
  const showSide = useCallback(() => setPhonePane('side'), []);

  return {
    isPhone,
    phonePane,
    setPhonePane,
    showCode,
    showSide,
    filesPanel,
    filesCollapsed,
    onColumnsChange,
    columns,
    terminal,
    toggleSidebar,
  };
}

export type WorkspaceLayout = ReturnType<typeof useWorkspaceLayout>;
