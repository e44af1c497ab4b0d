// Kiln's terminal as a browser tab drives it (GET /api/terminal/{id} upgraded to a WebSocket,
// binary frames both ways), and keystroke echo timed on it.
import { WebSocket } from 'ws';
import type { BenchClient } from './server';

/** The end of the bashrc's prompt: `$ `, or `# ` for root (the local shell of a root bench). */
export const PROMPT = /[$#] $/;
/** After this many characters the line is cleared (Ctrl+U), so it never wraps. */
const LINE_LENGTH = 40;

/** Sends one byte at a time and times each until output holding it comes back. */
export class EchoTimer {
  private waiting: { byte: string; resolve: () => void } | null = null;
  private printed = '';
  private prompted: (() => void) | null = null;

  constructor(private readonly send: (bytes: Buffer) => void) {}

  /** Feed it what the terminal printed: an echo ends with the byte typed (a redraw does not). */
  output(chunk: Buffer): void {
    const text = chunk.toString('latin1');
    if (this.waiting && text.endsWith(this.waiting.byte)) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve();
    }
    if (this.prompted) {
      this.printed = (this.printed + text).slice(-256);
      if (PROMPT.test(this.printed)) this.prompted();
    }
  }

  /**
   * The ms from sending `byte` to its echo; NaN when none came within `timeoutMs` (a dead
   * terminal must not stall the caller for good).
   */
  async keystroke(byte: string, timeoutMs = Infinity): Promise<number> {
    const echoed = new Promise<boolean>((resolve) => {
      this.waiting = { byte, resolve: () => resolve(true) };
      if (Number.isFinite(timeoutMs)) setTimeout(() => resolve(false), timeoutMs).unref();
    });
    const started = performance.now();
    this.send(Buffer.from(byte, 'latin1'));
    const arrived = await echoed;
    if (!arrived) this.waiting = null;
    return arrived ? performance.now() - started : Number.NaN;
  }

  /** Clears the line and waits for the shell to redraw it. */
  async clearLine(): Promise<void> {
    const redrawn = new Promise<void>((resolve) => (this.waiting = { byte: '\x1b[K', resolve }));
    this.send(Buffer.from('\x15'));
    await Promise.race([redrawn, new Promise((resolve) => setTimeout(resolve, 200))]);
    this.waiting = null;
  }

  /** Presses Enter and waits (up to `timeoutMs`) for the next prompt; answers whether it came. */
  async enter(timeoutMs: number): Promise<boolean> {
    this.printed = '';
    const prompt = new Promise<boolean>((resolve) => {
      this.prompted = () => resolve(true);
      setTimeout(() => resolve(false), timeoutMs).unref();
    });
    this.send(Buffer.from('\r'));
    const came = await prompt;
    this.prompted = null;
    return came;
  }

  async series(count: number): Promise<number[]> {
    const timings: number[] = [];
    for (let index = 0; index < count; index += 1) {
      if (index > 0 && index % LINE_LENGTH === 0) await this.clearLine();
      timings.push(await this.keystroke(String.fromCharCode(97 + (index % 26))));
    }
    await this.clearLine();
    return timings;
  }
}

/**
 * Opens a terminal on `baseUrl` as the client's signed-in browser tab would (its cookies, the
 * app's origin) and waits for its prompt; answers the socket and the ms that took.
 */
export async function openTerminal(baseUrl: string, client: BenchClient, projectId: string) {
  const started = performance.now();
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/api/terminal/${projectId}?cols=120&rows=30`,
    { headers: { cookie: client.cookieHeader(), origin: baseUrl } },
  );
  let printed = '';
  try {
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer, isBinary) => {
        if (!isBinary) return;
        printed += data.toString('utf8');
        if (PROMPT.test(printed)) resolve();
      });
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`the terminal closed (${code})`)));
    });
  } catch (error) {
    socket.terminate();
    throw error;
  }
  socket.removeAllListeners('message');
  socket.removeAllListeners('close');
  return { socket, toPromptMs: performance.now() - started };
}
