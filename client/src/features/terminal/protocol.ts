import {
  TERMINAL_SIZE_LIMITS,
  TerminalServerMessageSchema,
  type TerminalClientMessage,
  type TerminalServerMessage,
} from '@kiln/shared';

/**
 * The terminal's WebSocket protocol (decision 0016), as the client speaks it: binary frames are
 * the terminal's bytes both ways; text frames carry the JSON control messages that
 * shared/src/terminal/schemas.ts defines.
 */

/**
 * A text frame from the server, or null when it is not one of ours (a newer server's message):
 * the terminal ignores what it does not know rather than failing.
 */
export function parseServerMessage(text: string): TerminalServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = TerminalServerMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** A size the server accepts: whole cells, within its limits (a panel can be tiny or huge). */
export function clampSize(size: TerminalSize): TerminalSize {
  const clamp = (value: number, min: number, max: number) =>
    Number.isFinite(value) ? Math.min(Math.max(Math.floor(value), min), max) : min;
  return {
    cols: clamp(size.cols, TERMINAL_SIZE_LIMITS.minCols, TERMINAL_SIZE_LIMITS.maxCols),
    rows: clamp(size.rows, TERMINAL_SIZE_LIMITS.minRows, TERMINAL_SIZE_LIMITS.maxRows),
  };
}

export function resizeMessage(size: TerminalSize): TerminalClientMessage {
  return { type: 'resize', ...clampSize(size) };
}

/** A shell to take back after the connection dropped, and how much of its output is here. */
export interface ShellResume {
  shell: string;
  received: number;
}

/** The socket's address on this page's own origin (the session cookie goes with it). */
export function terminalSocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  projectId: string,
  size: TerminalSize,
  resume?: ShellResume,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const { cols, rows } = clampSize(size);
  const query = new URLSearchParams({ cols: String(cols), rows: String(rows) });
  if (resume) {
    query.set('resume', resume.shell);
    query.set('received', String(resume.received));
  }
  return `${scheme}//${location.host}/api/terminal/${encodeURIComponent(projectId)}?${query}`;
}
