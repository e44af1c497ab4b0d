/**
 * The bottom panel's tabs: the run Output, then one tab per shell. Pure, so the rules (naming,
 * which tab a close selects) are tested without a browser.
 */
export const OUTPUT_TAB = 'output';

export interface ShellTab {
  /** Stable for the tab's life; a restart keeps the tab and its id. */
  id: string;
  /** Its number in 'Terminal {n}': the lowest one not in use. */
  number: number;
}

export interface ShellTabsState {
  shells: ShellTab[];
  /** OUTPUT_TAB or a shell's id. */
  active: string;
  /** Gives each shell an id never used before, even after others closed. */
  nextId: number;
}

export const INITIAL_TABS: ShellTabsState = { shells: [], active: OUTPUT_TAB, nextId: 1 };

export function shellTitle(tab: ShellTab): string {
  return `Terminal ${tab.number}`;
}

/** Adds a shell after the others and selects it. */
export function openShell(state: ShellTabsState): ShellTabsState {
  const used = new Set(state.shells.map((shell) => shell.number));
  let number = 1;
  while (used.has(number)) number += 1;
  const tab: ShellTab = { id: `shell-${state.nextId}`, number };
  return { shells: [...state.shells, tab], active: tab.id, nextId: state.nextId + 1 };
}

/**
 * Removes a shell. Closing the selected one selects its right neighbour, else its left one, else
 * the Output, as browsers and editors do with their tabs.
 */
export function closeShell(state: ShellTabsState, id: string): ShellTabsState {
  const index = state.shells.findIndex((shell) => shell.id === id);
  if (index < 0) return state;
  const shells = state.shells.filter((shell) => shell.id !== id);
  if (state.active !== id) return { ...state, shells };
  const neighbour = shells[index] ?? shells[index - 1];
  return { ...state, shells, active: neighbour?.id ?? OUTPUT_TAB };
}

export function selectTab(state: ShellTabsState, id: string): ShellTabsState {
  const exists = id === OUTPUT_TAB || state.shells.some((shell) => shell.id === id);
  return exists && state.active !== id ? { ...state, active: id } : state;
}

/**
 * For the terminal's shortcut: the selected shell, else the last one, else a new Terminal 1.
 * Answers the state and the shell to focus.
 */
export function ensureShell(state: ShellTabsState): { state: ShellTabsState; shellId: string } {
  const active = state.shells.find((shell) => shell.id === state.active);
  if (active) return { state, shellId: active.id };
  const last = state.shells.at(-1);
  if (last) return { state: selectTab(state, last.id), shellId: last.id };
  const opened = openShell(state);
  return { state: opened, shellId: opened.active };
}

/** The tab Arrow, Home and End keys move to, with wrapping, per the ARIA tabs pattern. */
export function tabAfterKey(state: ShellTabsState, from: string, key: string): string | null {
  const order = [OUTPUT_TAB, ...state.shells.map((shell) => shell.id)];
  const index = order.indexOf(from);
  if (index < 0) return null;
  switch (key) {
    case 'ArrowRight':
      return order[(index + 1) % order.length] ?? null;
    case 'ArrowLeft':
      return order[(index - 1 + order.length) % order.length] ?? null;
    case 'Home':
      return order[0] ?? null;
    case 'End':
      return order.at(-1) ?? null;
    default:
      return null;
  }
}
