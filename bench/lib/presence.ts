// The collaboration socket (GET /ws) as a browser tab opens it.
import { WebSocket } from 'ws';

/**
 * Opens a socket, joins `projectId` and waits for the `users` answer; answers the socket and
 * its connection's id (`you`), which others hear of when it leaves. `headers` carry what a tab
 * sends: the session cookie and the page's origin.
 */
export function joinedAs(
  url: string,
  projectId: string,
  headers: Record<string, string> = {},
): Promise<{ socket: WebSocket; you: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the socket closed (${code}) before joining`)));
    socket.once('open', () => socket.send(JSON.stringify({ type: 'join', projectId })));
    const first = (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string; you?: string };
      if (message.type !== 'users') return;
      socket.off('message', first);
      socket.removeAllListeners('close');
      resolve({ socket, you: message.you ?? '' });
    };
    socket.on('message', first);
  });
}

/** Opens a socket joined to `projectId` (see joinedAs). */
export async function joined(
  url: string,
  projectId: string,
  headers: Record<string, string> = {},
): Promise<WebSocket> {
  return (await joinedAs(url, projectId, headers)).socket;
}
