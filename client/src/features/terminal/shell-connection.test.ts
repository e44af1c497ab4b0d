import { describe, expect, it } from 'vitest';
import { ShellConnection, type SocketLike } from './shell-connection';
import type { ShellEvent } from './shell-status';

/** A socket that records what was sent and lets the test play the server. */
class FakeSocket implements SocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: (string | Uint8Array)[] = [];
  closedWith: number | null = null;

  send(data: string | ArrayBufferLike | ArrayBufferView) {
    this.sent.push(typeof data === 'string' ? data : new Uint8Array(data as ArrayBuffer));
  }
  close(code?: number) {
    this.closedWith = code ?? null;
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(data: string | ArrayBuffer) {
    this.onmessage?.({ data } as MessageEvent);
  }
  serverCloses() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

function connect() {
  let socket: FakeSocket | undefined;
  const output: string[] = [];
  const events: ShellEvent[] = [];
  const connection = new ShellConnection({
    url: 'ws://host/api/terminal/p?cols=80&rows=24',
    size: { cols: 80, rows: 24 },
    handlers: {
      onOutput: (bytes) => output.push(new TextDecoder().decode(bytes)),
      onEvent: (event) => events.push(event),
    },
    createSocket: () => (socket = new FakeSocket()),
  });
  if (!socket) throw new Error('no socket');
  return { connection, socket, output, events };
}

const text = (data: string | Uint8Array) =>
  typeof data === 'string' ? data : new TextDecoder().decode(data);

describe('ShellConnection', () => {
  it('reads binary frames as terminal output and text frames as control messages', () => {
    const { socket, output, events } = connect();
    expect(socket.binaryType).toBe('arraybuffer');
    socket.open();
    socket.receive('{"type":"ready"}');
    socket.receive(new TextEncoder().encode('~ $ ').buffer);
    socket.receive('{"type":"files-changed","paths":["made.txt"]}');
    socket.receive('{"type":"nonsense"}');
    expect(output).toEqual(['~ $ ']);
    expect(events).toEqual([{ type: 'ready' }, { type: 'files-changed', paths: ['made.txt'] }]);
  });

  it('sends keystrokes as UTF-8 binary frames, keeping those typed before it opened', () => {
    const { connection, socket } = connect();
    connection.sendInput('ls');
    expect(socket.sent).toEqual([]);
    socket.open();
    connection.sendInput('é\r');
    expect(socket.sent.map((frame) => typeof frame)).toEqual(['object', 'object']);
    expect(socket.sent.map(text)).toEqual(['ls', 'é\r']);
    expect(Array.from(socket.sent[1] as Uint8Array)).toEqual([0xc3, 0xa9, 0x0d]);
  });

  it('sends xterm’s binary strings byte for byte', () => {
    const { connection, socket } = connect();
    socket.open();
    connection.sendBinary('\x1b[M\xff');
    expect(Array.from(socket.sent[0] as Uint8Array)).toEqual([0x1b, 0x5b, 0x4d, 0xff]);
  });

  it('sends a resize as JSON only when the size changes', () => {
    const { connection, socket } = connect();
    connection.resize(80, 24);
    socket.open();
    expect(socket.sent).toEqual([]);
    connection.resize(100, 30);
    connection.resize(100, 30);
    expect(socket.sent).toEqual(['{"type":"resize","cols":100,"rows":30}']);
  });

  it('sends the latest size once it opens, before what was typed', () => {
    const { connection, socket } = connect();
    connection.resize(90, 20);
    connection.resize(120, 40);
    connection.sendInput('x');
    socket.open();
    expect(socket.sent.map(text)).toEqual(['{"type":"resize","cols":120,"rows":40}', 'x']);
  });

  it('reports a close by the server, but not its own', () => {
    const first = connect();
    first.socket.open();
    first.socket.serverCloses();
    expect(first.events).toEqual([{ type: 'socket-closed' }]);

    const second = connect();
    second.socket.open();
    second.connection.close();
    expect(second.socket.closedWith).toBe(1000);
    expect(second.events).toEqual([]);
    second.connection.sendInput('ignored');
    expect(second.socket.sent).toEqual([]);
  });
});
