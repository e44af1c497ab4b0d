// The exec feature's public face: running a file and the Terminal panel that shows it.
export { useRun } from './use-run';
export { TerminalPanel } from './terminal-panel';
export { runAvailability, type RunAvailability } from './run-output';
