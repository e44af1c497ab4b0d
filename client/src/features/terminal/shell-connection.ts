import { parseServerMessage, resizeMessage, type ShellResume, type TerminalSize } from './protocol';
import type { ShellEvent } from './shell-status';

/** The part of a WebSocket the connection uses, so tests can hand it a stand-in. */
export interface SocketLike {
  binaryType: BinaryType;
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string | ArrayBufferLike | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
}

export interface ShellConnectionHandlers {
  /** The terminal's bytes, for xterm to draw. */
  onOutput(bytes: Uint8Array): void;
  /** Control messages and the socket's close. */
  onEvent(event: ShellEvent): void;
}

const OPEN = 1;
/** Typing before the socket opens is kept, up to a paste's worth, and sent once it does. */
const MAX_PENDING_BYTES = 64 * 1024;

/**
 * How long to wait before the next attempt to take the shell back after `failures` failed ones:
 * a quarter of a second at first (a blip of the network), doubling up to 5 seconds.
 */
export function resumeDelay(failures: number): number {
  return Math.min(250 * 2 ** failures, 5_000);
}

const encoder = new TextEncoder();
const notice = (text: string) => `\r\n\x1b[33mkiln: ${text}\x1b[0m\r\n`;
// A program the old shell ran full-screen (an editor) left the screen in its own buffer.
const LEAVE_FULL_SCREEN = '\x1b[?1049l\x1b[0m';

/**
 * One shell's WebSocket (decision 0016): keystrokes and pastes go out as binary frames, resizes
 * as JSON text frames; binary frames in are the terminal's output, text frames its control
 * messages. When the connection drops without the server saying why, it takes the same shell
 * back (the server keeps it running for the `resumeSeconds` its `ready` gave), asking for the
 * output it has not seen; past that time, or once the server has no such shell, the tab learns
 * it lost the shell.
 */
export class ShellConnection {
  private socket: SocketLike;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private sentSize = '';
  private wantedSize: TerminalSize;
  private closedByClient = false;
  /** The server said why the session ended: nothing to come back to. */
  private ended = false;
  private shell: { id: string; resumeSeconds: number } | null = null;
  /** Bytes of the current shell's output received, which a resume says. */
  private received = 0;
  /** The socket is an attempt to take the shell back: input waits for its answer. */
  private resuming = false;
  private lostAt: number | null = null;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;

  private readonly handlers: ShellConnectionHandlers;
  private readonly address: (size: TerminalSize, resume?: ShellResume) => string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly schedule: (run: () => void, ms: number) => () => void;
  private readonly now: () => number;

  constructor(options: {
    /** The socket's address for a size, and for taking back a shell whose connection dropped. */
    address: (size: TerminalSize, resume?: ShellResume) => string;
    /** The size the first address carries: no resize is sent until it changes. */
    size: TerminalSize;
    handlers: ShellConnectionHandlers;
    createSocket?: (url: string) => SocketLike;
    /** Timers and the clock, replaceable in tests. */
    schedule?: (run: () => void, ms: number) => () => void;
    now?: () => number;
  }) {
    this.handlers = options.handlers;
    this.address = options.address;
    this.wantedSize = options.size;
    this.sentSize = sizeKey(resizeMessage(options.size));
    this.createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
    this.schedule =
      options.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      });
    this.now = options.now ?? Date.now;
    this.socket = this.connect(this.address(options.size));
  }

  /** Text from xterm's onData: keystrokes, escape sequences and pastes, sent as UTF-8. */
  sendInput(data: string): void {
    this.send(encoder.encode(data));
  }

  /** Xterm's onBinary: one byte per character (some mouse reports are not UTF-8). */
  sendBinary(data: string): void {
    this.send(Uint8Array.from(data, (char) => char.charCodeAt(0) & 0xff));
  }

  /** Tells the shell its size in cells; repeats of the size last sent are dropped. */
  resize(cols: number, rows: number): void {
    this.wantedSize = { cols, rows };
    if (this.socket.readyState === OPEN && !this.resuming) this.sendSize();
  }

  /** Ends the session: the server stops the shell when its socket closes. */
  close(): void {
    this.closedByClient = true;
    this.cancelRetry?.();
    this.socket.close(1000, 'closed by the client');
  }

  private connect(url: string): SocketLike {
    const socket = this.createSocket(url);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      // A resume sends nothing until the server says which shell this is.
      if (!this.resuming) this.flush();
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(event.data);
    };
    socket.onclose = () => {
      if (socket === this.socket) this.socketClosed();
    };
    return socket;
  }

  private socketClosed(): void {
    if (this.closedByClient) return;
    if (!this.ended && this.shell && this.shell.resumeSeconds > 0) {
      this.lostAt ??= this.now();
      if (this.now() - this.lostAt < this.shell.resumeSeconds * 1000) {
        this.handlers.onEvent({ type: 'reconnecting' });
        const { id } = this.shell;
        this.cancelRetry = this.schedule(() => {
          this.resuming = true;
          this.socket = this.connect(
            this.address(this.wantedSize, { shell: id, received: this.received }),
          );
        }, resumeDelay(this.failures));
        this.failures += 1;
        return;
      }
    }
    this.handlers.onEvent({ type: 'socket-closed' });
  }

  private send(bytes: Uint8Array): void {
    if (this.closedByClient) return;
    if (this.socket.readyState === OPEN && !this.resuming) {
      this.socket.send(bytes);
      return;
    }
    if (this.pendingBytes + bytes.byteLength > MAX_PENDING_BYTES) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.byteLength;
  }

  private flush(): void {
    this.sendSize();
    for (const bytes of this.pending) this.socket.send(bytes);
    this.dropPending();
  }

  private dropPending(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }

  private sendSize(): void {
    const message = resizeMessage(this.wantedSize);
    const key = sizeKey(message);
    if (key === this.sentSize) return;
    this.sentSize = key;
    this.socket.send(JSON.stringify(message));
  }

  private receive(data: unknown): void {
    if (data instanceof ArrayBuffer) {
      this.received += data.byteLength;
      this.handlers.onOutput(new Uint8Array(data));
      return;
    }
    if (typeof data !== 'string') return;
    const message = parseServerMessage(data);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.shell = { id: message.shell, resumeSeconds: message.resumeSeconds };
        this.received = 0;
        if (this.resuming) {
          this.cameBack();
          // What was typed was meant for the shell that ended: it is not run in this one.
          this.dropPending();
          this.sentSize = sizeKey(resizeMessage(this.wantedSize));
          this.write(
            LEAVE_FULL_SCREEN +
              notice('the connection came back, but the shell had ended: this is a new shell.'),
          );
        }
        break;
      case 'resumed':
        this.cameBack();
        this.sentSize = sizeKey(resizeMessage(this.wantedSize));
        this.flush();
        if (message.lostBytes > 0) {
          const lost = describeBytes(message.lostBytes);
          this.write(notice(`reconnected; ${lost} of output from while it was away is not shown.`));
        }
        break;
      case 'exit':
      case 'closed':
      case 'error':
        this.ended = true;
        break;
      case 'files-changed':
        break;
    }
    this.handlers.onEvent(message);
  }

  /** Kiln's own words in the terminal, not counted as the shell's output. */
  private write(text: string): void {
    this.handlers.onOutput(encoder.encode(text));
  }

  private cameBack(): void {
    this.resuming = false;
    this.lostAt = null;
    this.failures = 0;
  }
}

const sizeKey = (size: TerminalSize) => `${size.cols}x${size.rows}`;

function describeBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`;
}
