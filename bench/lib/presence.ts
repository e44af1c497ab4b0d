// The collaboration socket (GET /ws) as a browser tab opens it.
import { WebSocket } from 'ws';

/**
 * Opens a socket, joins `projectId` and waits for the `users` answer. `headers` carry what a
 * tab sends: the session cookie and the page's origin.
 */
export function joined(
  url: string,
  projectId: string,
  headers: Record<string, string> = {},
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the socket closed (${code}) before joining`)));
    socket.once('open', () => socket.send(JSON.stringify({ type: 'join', projectId })));
    const first = (data: Buffer) => {
      if ((JSON.parse(data.toString('utf8')) as { type: string }).type !== 'users') return;
      socket.off('message', first);
      socket.removeAllListeners('close');
      resolve(socket);
    };
    socket.on('message', first);
  });
}
