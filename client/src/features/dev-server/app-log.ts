/** The end of the app's log kept on screen; older lines scroll away. */
export const APP_LOG_CHARS = 200_000;

// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\r(?!\n)/g;

/** Adds what the app printed to the log, without terminal colours, keeping the end. */
export function appendAppLog(log: string, data: string): string {
  const next = log + data.replace(ESCAPES, '');
  if (next.length <= APP_LOG_CHARS) return next;
  const cut = next.indexOf('\n', next.length - APP_LOG_CHARS);
  return next.slice(cut === -1 ? next.length - APP_LOG_CHARS : cut + 1);
}
