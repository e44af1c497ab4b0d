/** The parts of a KeyboardEvent the routing reads. */
export interface TerminalKeyEvent {
  key: string;
  code?: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Who a key pressed in a shell is for:
 * - 'copy': the browser copies the terminal's selection (its copy event reaches xterm);
 * - 'paste': the browser pastes into the terminal (its paste event reaches xterm);
 * - 'page': the workspace's shortcuts and the browser's own keys;
 * - 'tab-focus': switches whether Tab moves the focus out of the terminal (see below);
 * - 'shell': xterm turns it into bytes for the shell, and stops it there.
 */
export type TerminalKeyRoute = 'copy' | 'paste' | 'page' | 'tab-focus' | 'shell';

/** The letter of a key on any layout: the physical key's, as the workspace shortcuts read it. */
function letterOf(event: TerminalKeyEvent): string | null {
  if (event.code && /^Key[A-Z]$/.test(event.code)) return event.code.slice(3);
  return /^[a-z]$/i.test(event.key) ? event.key.toUpperCase() : null;
}

/**
 * The shell owns the Control keys readline uses (Ctrl+C interrupts, Ctrl+P is the previous
 * command...), so with the focus in a shell the workspace keeps only what no shell uses:
 * Ctrl/Cmd+Shift+letter (the terminal's own toggle, Run, Preview...), Ctrl/Cmd+Enter, and on a
 * Mac every Cmd key, which terminals never receive. Ctrl/Cmd+C copies when there is a
 * selection, else it is ^C; Ctrl/Cmd+V pastes, as in the terminals people know.
 */
export function routeTerminalKey(
  event: TerminalKeyEvent,
  options: { isMac: boolean; hasSelection: boolean; tabMovesFocus: boolean },
): TerminalKeyRoute {
  const mod = options.isMac ? event.metaKey : event.ctrlKey;
  const letter = letterOf(event);
  if (isTabFocusKey(event, letter, options.isMac)) return 'tab-focus';
  if (event.key === 'Tab' && options.tabMovesFocus) return 'page';
  if (mod && !event.altKey) {
    if (letter === 'C' && !event.shiftKey && options.hasSelection) return 'copy';
    if (letter === 'V') return 'paste';
    if (options.isMac) return 'page';
    if (event.shiftKey && letter !== null) return 'page';
    if (event.key === 'Enter') return 'page';
  }
  return 'shell';
}

/**
 * A shell takes Tab (completion), which would trap keyboard focus in it. The key that makes Tab
 * move focus instead is the code editor's (Ctrl+M, ⌃⇧M on a Mac): in a terminal Ctrl+M is the
 * same byte as Enter, so the shell loses nothing.
 */
function isTabFocusKey(event: TerminalKeyEvent, letter: string | null, isMac: boolean): boolean {
  if (letter !== 'M' || !event.ctrlKey || event.metaKey || event.altKey) return false;
  return isMac ? event.shiftKey : !event.shiftKey;
}
