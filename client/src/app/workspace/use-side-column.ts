import { useState } from 'react';
import { useAgentPanelToggle } from '../../features/agents';
import { useAiStatus } from '../../lib/ai-status';
import type { SideTab } from './side-panel';

/**
 * The right column: its tab (Preview, AI Chat, Quick Actions), or the AI agents instead of the
 * tabs while toggled on (on a phone they take the Preview & AI pane).
 */
export function useSideColumn() {
  const [tab, setTab] = useState<SideTab | null>(null);
  // Each Cmd/Ctrl+. asks the Quick Actions tab to take the focus.
  const [quickActionsFocus, setQuickActionsFocus] = useState(0);
  // A page has no Quick Actions tab; the shortcut shows it anyway while that page stays open.
  const [actionsPage, setActionsPage] = useState<string | null>(null);
  const agentToggle = useAgentPanelToggle();
  const agentUnavailable = useAiStatus().data?.configured === false;
  const agentShown = agentToggle.open && !agentUnavailable;

  const askQuickActions = (openPath: string | null) => {
    if (agentShown) agentToggle.toggle();
    setTab('actions');
    setActionsPage(openPath);
    setQuickActionsFocus((count) => count + 1);
  };

  return {
    tab,
    setTab,
    quickActionsFocus,
    actionsPage,
    askQuickActions,
    agentMounted: agentToggle.mounted,
    agentOpen: agentToggle.open,
    toggleAgent: agentToggle.toggle,
    agentUnavailable,
    agentShown,
  };
}

export type SideColumnState = ReturnType<typeof useSideColumn>;
