// The exec feature's public face: running a file, installing packages, and the Output that
// shows both.
export { useRun } from './use-run';
export { OutputView } from './output-view';
export { OutputActions, OutputSummary } from './output-toolbar';
export { runAvailability, type RunAvailability } from './run-output';
