import type { AddressInfo } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { TerminalServerMessageSchema, type TerminalServerMessage } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { TestClient } from '../../test/client';

/** Escape sequences and carriage returns, so tests match what a person would read. */
// eslint-disable-next-line no-control-regex
const CONTROL = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>]|\r/g;
/** An escape sequence cut at the end of a chunk: kept back until the rest arrives. */
// eslint-disable-next-line no-control-regex
const UNFINISHED_ESCAPE = /\x1b(\[[0-9;?]*[ -/]*|\][^\x07]*|[()])?$/;

export interface TerminalAddress {
  /** The app, listening on a real port. */
  app: FastifyInstance;
  projectId: string;
  /** The signed-in browser stand-in whose cookies go with the upgrade. */
  client?: TestClient;
  query?: string;
  origin?: string;
}

function connect(options: TerminalAddress): WebSocket {
  const { port } = options.app.server.address() as AddressInfo;
  const headers: Record<string, string> = {};
  if (options.client) {
    headers.cookie = [...options.client.cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
  if (options.origin) headers.origin = options.origin;
  // Wide by default, so a long command's echo stays on one line.
  const query = options.query ?? '?cols=250&rows=50';
  const url = `ws://127.0.0.1:${port}/api/terminal/${options.projectId}${query}`;
  // Pings are answered by TestTerminal, which can stop (`stopAnswering`).
  return new WebSocket(url, { headers, autoPong: false });
}

/** Tries to open a terminal that should be refused: the HTTP status and body of the refusal. */
export function refusal(options: TerminalAddress): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(options);
    socket.on('open', () => {
      socket.terminate();
      reject(new Error('the terminal opened'));
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('error', () => undefined);
  });
}

/** A terminal as a test drives it: keystrokes in, readable output and control messages out. */
export class TestTerminal {
  /** What the terminal printed, as a person reads it (kept as output arrives: floods are long). */
  text = '';
  bytesReceived = 0;
  private unread = '';
  private readonly decoder = new StringDecoder('utf8');
  readonly messages: TerminalServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private changed: () => void = () => undefined;
  private answering = true;

  private constructor(readonly socket: WebSocket) {
    socket.on('ping', (data) => {
      if (this.answering) socket.pong(data);
    });
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        this.bytesReceived += data.length;
        this.read(this.decoder.write(data));
      } else {
        this.messages.push(TerminalServerMessageSchema.parse(JSON.parse(data.toString('utf8'))));
      }
      this.changed();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.changed();
      }),
    );
  }

  static open(options: TerminalAddress): Promise<TestTerminal> {
    return new Promise((resolve, reject) => {
      const socket = connect(options);
      const terminal = new TestTerminal(socket);
      socket.once('open', () => resolve(terminal));
      socket.once('error', reject);
    });
  }

  private read(chunk: string): void {
    this.unread += chunk;
    const unfinished = UNFINISHED_ESCAPE.exec(this.unread)?.index ?? this.unread.length;
    this.text += this.unread.slice(0, unfinished).replace(CONTROL, '');
    this.unread = this.unread.slice(unfinished);
  }

  type(keys: string): void {
    this.socket.send(Buffer.from(keys, 'utf8'), { binary: true });
  }

  /**
   * Waits for the prompt, types a command and waits until what it printed (after its echoed
   * line) matches. Typed before the prompt, a line would be echoed twice: by the terminal as
   * it arrives, and by the shell when it reads it.
   */
  async run(command: string, expected: RegExp, timeoutMs?: number): Promise<string> {
    await this.until(
      () => this.text.endsWith('$ '),
      timeoutMs,
      () => 'no prompt',
    );
    const typedAt = this.text.length;
    this.type(`${command}\r`);
    const echoed = () => this.text.indexOf(`${command}\n`, typedAt);
    await this.until(
      () => echoed() >= 0,
      timeoutMs,
      () => `${command} was never echoed`,
    );
    return this.waitFor(expected, { from: echoed() + command.length + 1, timeoutMs });
  }

  resize(cols: number, rows: number): void {
    this.socket.send(JSON.stringify({ type: 'resize', cols, rows }));
  }

  /** Waits until the readable output (from `from` on) matches; answers that output. */
  async waitFor(
    expected: RegExp,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<string> {
    const seen = () => this.text.slice(options.from ?? 0);
    await this.until(
      () => expected.test(seen()),
      options.timeoutMs,
      () => {
        return `output never matched ${expected}:\n${seen().slice(-2000)}`;
      },
    );
    return seen();
  }

  async waitForMessage<Type extends TerminalServerMessage['type']>(
    type: Type,
    timeoutMs?: number,
  ): Promise<Extract<TerminalServerMessage, { type: Type }>> {
    const find = () => this.messages.find((message) => message.type === type);
    await this.until(
      () => find() !== undefined,
      timeoutMs,
      () => {
        return `no ${type} message; got ${JSON.stringify(this.messages)}`;
      },
    );
    return find() as Extract<TerminalServerMessage, { type: Type }>;
  }

  close(): void {
    this.socket.close();
  }

  /** Pings go unanswered from now on, as from a connection whose network vanished. */
  stopAnswering(): void {
    this.answering = false;
  }

  /** The connection ends without a closing handshake, as when the network drops. */
  drop(): void {
    this.socket.terminate();
  }

  private until(done: () => boolean, timeoutMs = 15_000, explain: () => string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => {
        this.changed = () => undefined;
        reject(new Error(explain()));
      }, timeoutMs);
      this.changed = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.changed = () => undefined;
        resolve();
      };
    });
  }
}
