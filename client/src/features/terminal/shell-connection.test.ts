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
  const sockets: { url: string; socket: FakeSocket }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const clock = { now: 1_000 };
  const output: string[] = [];
  const events: ShellEvent[] = [];
  const connection = new ShellConnection({
    address: (size, resume) =>
      `ws://host/t?cols=${size.cols}&rows=${size.rows}` +
      (resume ? `&resume=${resume.shell}&received=${resume.received}` : ''),
    size: { cols: 80, rows: 24 },
    handlers: {
      onOutput: (bytes) => output.push(new TextDecoder().decode(bytes)),
      onEvent: (event) => events.push(event),
    },
    createSocket: (url) => {
      const socket = new FakeSocket();
      sockets.push({ url, socket });
      return socket;
    },
    schedule: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    now: () => clock.now,
  });
  const socket = sockets[0]!.socket;
  /** Runs the timer waiting, as if its time had passed. */
  const elapse = () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no timer');
    clock.now += timer.ms;
    timer.run();
    return timer.ms;
  };
  return { connection, socket, sockets, timers, clock, elapse, output, events };
}

const READY = '{"type":"ready","shell":"s1","resumeSeconds":60}';

const text = (data: string | Uint8Array) =>
  typeof data === 'string' ? data : new TextDecoder().decode(data);

describe('ShellConnection', () => {
  it('reads binary frames as terminal output and text frames as control messages', () => {
    const { socket, output, events } = connect();
    expect(socket.binaryType).toBe('arraybuffer');
    socket.open();
    socket.receive(READY);
    socket.receive(new TextEncoder().encode('~ $ ').buffer);
    socket.receive('{"type":"files-changed","paths":["made.txt"]}');
    socket.receive('{"type":"nonsense"}');
    expect(output).toEqual(['~ $ ']);
    expect(events).toEqual([
      { type: 'ready', shell: 's1', resumeSeconds: 60 },
      { type: 'files-changed', paths: ['made.txt'] },
    ]);
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

  describe('after the connection drops', () => {
    const bytes = (value: string) => new TextEncoder().encode(value).buffer;

    it('takes the same shell back with the output it holds, then sends what was typed', () => {
      const { connection, socket, sockets, elapse, output, events } = connect();
      socket.open();
      socket.receive(READY);
      socket.receive(bytes('~ $ '));
      socket.serverCloses();
      expect(events.at(-1)).toEqual({ type: 'reconnecting' });
      connection.sendInput('ls\r');
      connection.resize(100, 30);
      expect(elapse()).toBe(250);

      const back = sockets[1]!;
      expect(back.url).toBe('ws://host/t?cols=100&rows=30&resume=s1&received=4');
      back.socket.open();
      // Nothing goes until the server says it is the same shell.
      expect(back.socket.sent).toEqual([]);
      back.socket.receive('{"type":"resumed","lostBytes":0}');
      back.socket.receive(bytes('missed'));
      expect(back.socket.sent.map(text)).toEqual(['ls\r']);
      expect(events.at(-1)).toEqual({ type: 'resumed', lostBytes: 0 });
      expect(output).toEqual(['~ $ ', 'missed']);

      // Counting goes on from there for the next drop.
      back.socket.serverCloses();
      elapse();
      expect(sockets[2]!.url).toContain('received=10');
    });

    it('says in the terminal how much output was not kept', () => {
      const { socket, sockets, elapse, output } = connect();
      socket.open();
      socket.receive(READY);
      socket.serverCloses();
      elapse();
      sockets[1]!.socket.open();
      sockets[1]!.socket.receive('{"type":"resumed","lostBytes":204800}');
      expect(output.join('')).toContain('reconnected; 200 KB of output');
    });

    it('tells of a new shell when the old one had ended, and does not run what was typed for it', () => {
      const { connection, socket, sockets, elapse, output, events } = connect();
      socket.open();
      socket.receive(READY);
      socket.receive(bytes('~ $ '));
      socket.serverCloses();
      connection.sendInput('rm -rf build\r');
      elapse();
      const back = sockets[1]!.socket;
      back.open();
      back.receive('{"type":"ready","shell":"s2","resumeSeconds":60}');
      expect(back.sent).toEqual([]);
      expect(output.join('')).toContain('the shell had ended: this is a new shell');
      expect(events.at(-1)).toMatchObject({ type: 'ready', shell: 's2' });
      back.receive(bytes('$ '));
      back.serverCloses();
      elapse();
      expect(sockets[2]!.url).toContain('resume=s2&received=2');
    });

    it('backs off while the server cannot be reached, and gives up when the shell is gone', () => {
      const { socket, sockets, elapse, clock, events } = connect();
      socket.open();
      socket.receive('{"type":"ready","shell":"s1","resumeSeconds":10}');
      socket.serverCloses();
      const waits: number[] = [];
      while (events.at(-1)?.type === 'reconnecting') {
        waits.push(elapse());
        sockets.at(-1)!.socket.serverCloses();
      }
      expect(waits.slice(0, 6)).toEqual([250, 500, 1000, 2000, 4000, 5000]);
      expect(clock.now - 1_000).toBeGreaterThanOrEqual(10_000);
      expect(events.at(-1)).toEqual({ type: 'socket-closed' });
    });

    it('does not come back when the server ended the session, nor without a shell', () => {
      const told = connect();
      told.socket.open();
      told.socket.receive(READY);
      told.socket.receive('{"type":"closed","reason":"idle","message":"Idle"}');
      told.socket.serverCloses();
      expect(told.timers).toEqual([]);
      expect(told.events.at(-1)).toEqual({ type: 'socket-closed' });

      const refused = connect();
      refused.socket.serverCloses();
      expect(refused.timers).toEqual([]);
      expect(refused.events).toEqual([{ type: 'socket-closed' }]);

      const closing = connect();
      closing.socket.open();
      closing.socket.receive(READY);
      closing.socket.serverCloses();
      closing.connection.close();
      expect(closing.timers).toEqual([]);
    });
  });
});
