import { PRESENCE_CLOSE_CODES, type PresenceClientMessage } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  PresenceConnection,
  presenceUrl,
  reconnectDelay,
  type PresenceSocketLike,
  type PresenceStatus,
} from './presence-connection';

class FakeSocket implements PresenceSocketLike {
  readyState = 0;
  sent: PresenceClientMessage[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text) as PresenceClientMessage);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: object | string) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function setUp() {
  const sockets: FakeSocket[] = [];
  const statuses: PresenceStatus[] = [];
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const received: string[] = [];
  const connection = new PresenceConnection({
    url: 'ws://kiln.test/ws',
    projectId: 'p1',
    onStatus: (status) => statuses.push(status),
    onMessage: (message) => received.push(message.type),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  });
  return { connection, sockets, statuses, timers, received };
}

const users = { type: 'users', you: 'c1', users: [] };

describe('the collaboration connection', () => {
  it('uses wss on https and ws on http, on the page’s own host', () => {
    expect(presenceUrl({ protocol: 'https:', host: 'kiln.example' })).toBe('wss://kiln.example/ws');
    expect(presenceUrl({ protocol: 'http:', host: '127.0.0.1:5000' })).toBe(
      'ws://127.0.0.1:5000/ws',
    );
  });

  it('joins on open with the open file, and is connected once the server answers', () => {
    const { connection, sockets, statuses, received } = setUp();
    connection.setActiveFile('index.html');
    connection.open();
    expect(statuses).toEqual(['connecting']);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { type: 'join', projectId: 'p1' },
      { type: 'active_file', filePath: 'index.html' },
    ]);
    sockets[0]?.receive(users);
    sockets[0]?.receive('not json');
    sockets[0]?.receive({ type: 'nonsense' });
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(received).toEqual(['users']);
    connection.fileSaved('index.html');
    connection.setActiveFile('index.html');
    expect(sockets[0]?.sent.slice(2)).toEqual([{ type: 'file_saved', filePath: 'index.html' }]);
  });

  it('reconnects 3 seconds after a close, backing off after repeated failures', () => {
    const { connection, sockets, statuses, timers } = setUp();
    connection.open();
    sockets[0]?.open();
    sockets[0]?.receive(users);
    sockets[0]?.drop(1006);
    expect(statuses.at(-1)).toBe('closed');
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    timers[0]?.run();
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop(1006);
    timers[1]?.run();
    sockets[2]?.drop(1006);
    timers[2]?.run();
    sockets[3]?.drop(1006);
    expect(timers.map((timer) => timer.ms)).toEqual([3000, 3000, 6000, 12000]);
    expect(reconnectDelay(20)).toBe(30_000);
  });

  it('does not reconnect to a project that is not the person’s, nor after leaving', () => {
    const refused = setUp();
    refused.connection.open();
    refused.sockets[0]?.open();
    refused.sockets[0]?.drop(PRESENCE_CLOSE_CODES.projectNotFound);
    expect(refused.timers).toHaveLength(0);

    const left = setUp();
    left.connection.open();
    left.sockets[0]?.open();
    left.connection.close();
    expect(left.sockets[0]?.sent.at(-1)).toEqual({ type: 'leave' });
    left.sockets[0]?.drop(1000);
    expect(left.timers).toHaveLength(0);
  });
});
