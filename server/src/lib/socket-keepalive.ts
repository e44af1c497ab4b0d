import { WebSocket } from 'ws';

/** How often a long-lived socket is asked for a sign of life. */
export const KEEPALIVE_MS = 25_000;

/**
 * Pings the socket every `intervalMs` and ends it when the last ping went unanswered: a
 * connection whose network vanished without a close (a laptop's lid, a dropped Wi-Fi) would
 * otherwise look open for as long as TCP takes to notice, often many minutes. Browsers answer
 * pings by themselves. The socket then closes with 1006, as for any dropped connection.
 */
export function keepAlive(socket: WebSocket, intervalMs = KEEPALIVE_MS): void {
  let answered = true;
  socket.on('pong', () => {
    answered = true;
  });
  const timer = setInterval(() => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (!answered) {
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, intervalMs);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}
