import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { keepAlive } from './socket-keepalive';

describe('keepAlive', () => {
  let server: WebSocketServer | null = null;
  afterEach(() => server?.close());

  async function connectedPair(autoPong: boolean) {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const accepted = once(server, 'connection') as Promise<[WebSocket]>;
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { autoPong });
    await once(client, 'open');
    const [socket] = await accepted;
    return { client, socket };
  }

  it('keeps a socket whose other end answers pings', async () => {
    const { client, socket } = await connectedPair(true);
    let pings = 0;
    client.on('ping', () => (pings += 1));
    keepAlive(socket, 20);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    client.close();
  });

  it('ends a socket whose other end stopped answering, as a dropped connection', async () => {
    const { client, socket } = await connectedPair(false);
    const closed = once(socket, 'close') as Promise<[number]>;
    keepAlive(socket, 20);
    const [code] = await closed;
    expect(code).toBe(1006);
    client.terminate();
  });
});
