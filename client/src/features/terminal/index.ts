// The terminal feature's public face: the panel under the editor, with the run Output and one
// tab per shell, and the state the editor holds to steer it.
export { TerminalPanel } from './terminal-panel';
export { useShellTabs, type ShellTabsController } from './use-shell-tabs';
