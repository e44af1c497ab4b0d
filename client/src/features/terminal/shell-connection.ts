import { parseServerMessage, resizeMessage, type TerminalSize } from './protocol';
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

const encoder = new TextEncoder();

/**
 * One shell's WebSocket (decision 0016): keystrokes and pastes go out as binary frames, resizes
 * as JSON text frames; binary frames in are the terminal's output, text frames its control
 * messages.
 */
export class ShellConnection {
  private readonly socket: SocketLike;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private sentSize = '';
  private wantedSize: TerminalSize | null = null;
  private closedByClient = false;

  private readonly handlers: ShellConnectionHandlers;

  constructor(options: {
    url: string;
    /** The size the url already carries: no resize is sent until it changes. */
    size: TerminalSize;
    handlers: ShellConnectionHandlers;
    createSocket?: (url: string) => SocketLike;
  }) {
    this.handlers = options.handlers;
    this.sentSize = sizeKey(resizeMessage(options.size));
    const createSocket = options.createSocket ?? ((address: string) => new WebSocket(address));
    this.socket = createSocket(options.url);
    this.socket.binaryType = 'arraybuffer';
    this.socket.onopen = () => this.flush();
    this.socket.onmessage = (event) => this.receive(event.data);
    this.socket.onclose = () => {
      if (!this.closedByClient) this.handlers.onEvent({ type: 'socket-closed' });
    };
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
    if (this.socket.readyState === OPEN) this.sendSize();
  }

  /** Ends the session: the server stops the shell when its socket closes. */
  close(): void {
    this.closedByClient = true;
    this.socket.close(1000, 'closed by the client');
  }

  private send(bytes: Uint8Array): void {
    if (this.closedByClient) return;
    if (this.socket.readyState === OPEN) {
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
    this.pending = [];
    this.pendingBytes = 0;
  }

  private sendSize(): void {
    if (!this.wantedSize) return;
    const message = resizeMessage(this.wantedSize);
    const key = sizeKey(message);
    if (key === this.sentSize) return;
    this.sentSize = key;
    this.socket.send(JSON.stringify(message));
  }

  private receive(data: unknown): void {
    if (data instanceof ArrayBuffer) {
      this.handlers.onOutput(new Uint8Array(data));
      return;
    }
    if (typeof data !== 'string') return;
    const message = parseServerMessage(data);
    if (message) this.handlers.onEvent(message);
  }
}

const sizeKey = (size: TerminalSize) => `${size.cols}x${size.rows}`;
