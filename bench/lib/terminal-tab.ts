// A terminal tab as the editor's client drives it, protocol and all: the shell's name from
// `ready`, a count of the output bytes it holds, and a resume after its connection dropped
// (GET /api/terminal/{id}?resume=&received=). For benchmarks that break the connection on
// purpose and check what the tab gets back.
import { WebSocket } from 'ws';
import type { TerminalServerMessage } from '../../shared/src';
import type { BenchClient } from './server';

export interface TerminalTabOptions {
  /** Where the socket connects: the server, or a relay in front of it. */
  baseUrl: string;
  /** The page's origin the tab sends (the server's own, even through a relay). */
  origin: string;
  client: BenchClient;
  projectId: string;
  /** The shell to take back and how many of its output bytes the tab already holds. */
  resume?: { shell: string; received: number };
}

export class TerminalTab {
  /** The shell's name from `ready`, kept across resumes. */
  shell: string | null = null;
  /** Output bytes written to this tab, resumes included: what a resume says it holds. */
  received = 0;
  /** The control messages the server sent, oldest first. */
  readonly messages: TerminalServerMessage[] = [];
  /** The close code once the socket closed. */
  closeCode: number | null = null;
  private output = '';
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        this.received += data.byteLength;
        this.output = (this.output + data.toString('utf8')).slice(-64 * 1024);
      } else {
        const message = JSON.parse(data.toString('utf8')) as TerminalServerMessage;
        this.messages.push(message);
        if (message.type === 'ready') this.shell = message.shell;
      }
      for (const wake of this.waiters) wake();
    });
    socket.on('close', (code) => {
      this.closeCode = code;
      for (const wake of this.waiters) wake();
    });
    socket.on('error', () => undefined);
  }

  static async open(options: TerminalTabOptions, carried?: TerminalTab): Promise<TerminalTab> {
    const query = new URLSearchParams({ cols: '120', rows: '30' });
    if (options.resume) {
      query.set('resume', options.resume.shell);
      query.set('received', String(options.resume.received));
    }
    const url = `${options.baseUrl.replace(/^http/, 'ws')}/api/terminal/${options.projectId}?${query}`;
    const socket = new WebSocket(url, {
      headers: { cookie: options.client.cookieHeader(), origin: options.origin },
    });
    const tab = new TerminalTab(socket);
    if (carried) {
      tab.shell = carried.shell;
      tab.received = carried.received;
    }
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return tab;
  }

  /** Takes the same shell back on a new connection, as the tab does after a drop. */
  resume(options: Omit<TerminalTabOptions, 'resume'>): Promise<TerminalTab> {
    if (!this.shell) throw new Error('no shell to resume: `ready` never came');
    return TerminalTab.open(
      { ...options, resume: { shell: this.shell, received: this.received } },
      this,
    );
  }

  type(text: string): void {
    this.socket.send(Buffer.from(text, 'utf8'), { binary: true });
  }

  /** The output since the last forgetOutput (its newest 64 KB). */
  printed(): string {
    return this.output;
  }

  /** Output printed from now on only: what came before is forgotten. */
  forgetOutput(): void {
    this.output = '';
  }

  /** Whether `pattern` shows in the output (or a control message matches) within `timeoutMs`. */
  async waitFor(
    pattern: RegExp | ((messages: TerminalServerMessage[]) => boolean),
    timeoutMs: number,
  ): Promise<boolean> {
    const seen = () =>
      pattern instanceof RegExp ? pattern.test(this.output) : pattern(this.messages);
    if (seen()) return true;
    return new Promise<boolean>((resolve) => {
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(result);
      };
      const wake = () => {
        if (seen()) finish(true);
        else if (this.closeCode !== null) finish(false);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.waiters.add(wake);
    });
  }

  /** Whether the socket closed within `timeoutMs`. */
  async closed(timeoutMs: number): Promise<boolean> {
    if (this.closeCode !== null) return true;
    await this.waitFor(() => this.closeCode !== null, timeoutMs);
    return this.closeCode !== null;
  }

  /** Closes as a tab does (a closing handshake), which ends the shell at once. */
  close(): void {
    if (this.closeCode === null) this.socket.close(1000);
  }
}
