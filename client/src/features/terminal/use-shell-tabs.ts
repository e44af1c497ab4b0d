import { useCallback, useState } from 'react';
import { nextShellStatus, type ShellEvent, type ShellStatus } from './shell-status';
import {
  closeShell,
  ensureShell,
  INITIAL_TABS,
  openShell,
  OUTPUT_TAB,
  selectTab,
  type ShellTabsState,
} from './shell-tabs';

/** What each open shell's view is told, beside its tab. */
export interface ShellState {
  status: ShellStatus;
  /** Bumped by Restart: the view opens a new session. */
  session: number;
  /** Bumped to move the keyboard focus into the shell. */
  focusRequest: number;
}

interface PanelState {
  tabs: ShellTabsState;
  shells: Record<string, ShellState>;
}

const FRESH: ShellState = { status: { state: 'connecting' }, session: 0, focusRequest: 1 };

const withShell = (
  state: PanelState,
  id: string,
  update: (shell: ShellState) => ShellState,
): PanelState => {
  const shell = state.shells[id];
  if (!shell) return state;
  const next = update(shell);
  return next === shell ? state : { ...state, shells: { ...state.shells, [id]: next } };
};

const focused = (shell: ShellState): ShellState => ({
  ...shell,
  focusRequest: shell.focusRequest + 1,
});

/**
 * The bottom panel's tabs and each shell's connection state. The editor holds it, so its
 * shortcut and Run can pick the tab; the panel renders it.
 */
export function useShellTabs() {
  const [state, setState] = useState<PanelState>({ tabs: INITIAL_TABS, shells: {} });

  /** Opens another shell, selected, with the focus in it. */
  const open = useCallback(
    () =>
      setState(({ tabs, shells }) => {
        const next = openShell(tabs);
        return { tabs: next, shells: { ...shells, [next.active]: FRESH } };
      }),
    [],
  );

  const close = useCallback(
    (id: string) =>
      setState(({ tabs, shells }) => {
        const rest = { ...shells };
        delete rest[id];
        return { tabs: closeShell(tabs, id), shells: rest };
      }),
    [],
  );

  const select = useCallback(
    (id: string) => setState((previous) => ({ ...previous, tabs: selectTab(previous.tabs, id) })),
    [],
  );

  const showOutput = useCallback(() => select(OUTPUT_TAB), [select]);

  /** For the terminal's shortcut: the selected shell, else the last one, else a new Terminal 1. */
  const focusShell = useCallback(
    () =>
      setState((previous) => {
        const { state: tabs, shellId } = ensureShell(previous.tabs);
        const shell = previous.shells[shellId];
        return { tabs, shells: { ...previous.shells, [shellId]: shell ? focused(shell) : FRESH } };
      }),
    [],
  );

  const focus = useCallback(
    (id: string) => setState((previous) => withShell(previous, id, focused)),
    [],
  );

  const restart = useCallback(
    (id: string) =>
      setState((previous) =>
        withShell(previous, id, (shell) => ({
          status: { state: 'connecting' },
          session: shell.session + 1,
          focusRequest: shell.focusRequest + 1,
        })),
      ),
    [],
  );

  const report = useCallback(
    (id: string, event: ShellEvent) =>
      setState((previous) =>
        withShell(previous, id, (shell) => {
          const status = nextShellStatus(shell.status, event);
          return status === shell.status ? shell : { ...shell, status };
        }),
      ),
    [],
  );

  return {
    tabs: state.tabs,
    shells: state.shells,
    open,
    close,
    select,
    showOutput,
    focusShell,
    focus,
    restart,
    report,
  };
}

export type ShellTabsController = ReturnType<typeof useShellTabs>;
