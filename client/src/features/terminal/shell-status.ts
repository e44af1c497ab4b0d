import type { TerminalCloseReason, TerminalServerMessage } from '@kiln/shared';

/** Where one shell's connection stands, as its tab and overlay show it. */
export type ShellStatus =
  | { state: 'connecting' }
  /** `note`: a word on how it came back after the connection dropped. */
  | { state: 'ready'; note?: string }
  /** The connection dropped; the shell runs on in the server while the tab comes back to it. */
  | { state: 'reconnecting' }
  | { state: 'exited'; code: number }
  | { state: 'closed'; reason: TerminalCloseReason; message: string }
  | { state: 'error'; message: string }
  /** The socket closed without the server saying why: the network, a restart, a refusal. */
  | { state: 'lost' };

/** What the connection reports: the server's control messages and the socket's own events. */
export type ShellEvent =
  TerminalServerMessage | { type: 'socket-closed' } | { type: 'reconnecting' };

export const SHELL_SURVIVED = 'Reconnected: the shell kept running.';
export const SHELL_REPLACED = 'Reconnected, but the shell had ended: this is a new shell.';

/**
 * The status after an event. The server says why it ends a session before it closes the socket,
 * so the close that follows keeps that reason rather than reading as a lost connection.
 */
export function nextShellStatus(status: ShellStatus, event: ShellEvent): ShellStatus {
  switch (event.type) {
    case 'ready':
      return status.state === 'reconnecting'
        ? { state: 'ready', note: SHELL_REPLACED }
        : { state: 'ready' };
    case 'resumed':
      return { state: 'ready', note: SHELL_SURVIVED };
    case 'reconnecting':
      return isLive(status) ? { state: 'reconnecting' } : status;
    case 'exit':
      return { state: 'exited', code: event.code };
    case 'closed':
      return { state: 'closed', reason: event.reason, message: event.message };
    case 'error':
      return { state: 'error', message: event.message };
    case 'socket-closed':
      return isLive(status) ? { state: 'lost' } : status;
    case 'files-changed':
      return status;
  }
}

/** Whether the shell can still take input, or is on its way to. */
export function isLive(status: ShellStatus): boolean {
  return (
    status.state === 'connecting' || status.state === 'ready' || status.state === 'reconnecting'
  );
}

/** One line for the overlay and for screen readers; empty while the shell is usable. */
export function shellStatusText(status: ShellStatus): string {
  switch (status.state) {
    case 'connecting':
      return 'Connecting...';
    case 'ready':
      return status.note ?? '';
    case 'reconnecting':
      return 'Connection lost: reconnecting. The shell keeps running on the server.';
    case 'exited':
      return `The shell exited with code ${status.code}`;
    case 'closed':
      return `Closed: ${status.message}`;
    case 'error':
      return status.message;
    case 'lost':
      return 'Disconnected: the connection to the terminal was lost.';
  }
}

/** What the overlay's button does: a new shell in place of one that has ended. */
export function restartLabel(status: ShellStatus): string {
  return status.state === 'lost' ? 'Reconnect' : 'Restart';
}
