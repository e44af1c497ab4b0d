import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  TERMINAL_CLOSE_CODES,
  TERMINAL_LIMITS,
  TerminalClientMessageSchema,
  type TerminalCloseReason,
  type TerminalServerMessage,
} from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { keepAlive } from '../../lib/socket-keepalive';
import { WebSocket, type RawData } from 'ws';
import { runEnvironment } from '../../sandbox/run-environment';
import type { OpenBridge, Sandbox, SandboxSession } from '../../sandbox/types';
import type { RegistryBridge } from '../packages';
import type { WorkspaceLease, Workspaces } from '../workspaces';
import { OutputBudget } from './output-budget';
import { OutputLog } from './output-log';
import { relayCommand } from './pty-relay';
import { dataFrames, resizeFrame } from './relay-frames';
import type { OpenTerminal, ResumeRequest, TerminalRegistry } from './terminal-registry';

export interface TerminalDeps {
  sandbox: Sandbox;
  workspaces: Workspaces;
  /** The project's environment variables, as a run a person starts gets them. */
  environment: (projectId: string) => Promise<Record<string, string>>;
  /** Opens the registry proxy for a project's shell, so `npm install` and `pip install` work. */
  openRegistryBridge?: (projectId: string) => Promise<RegistryBridge>;
  /** Opens the project's own database for the shell's programs, as DATABASE_URL (decision 0017). */
  openDatabaseBridge?: (projectId: string) => Promise<OpenBridge>;
  registry: TerminalRegistry;
  /** No input and no output for this long closes the terminal. */
  idleMs: number;
  /** A shell whose connection dropped waits this long for its tab to resume it; 0 ends it. */
  resumeMs: number;
  /** How often the connection is checked for a sign of life (lib/socket-keepalive.ts). */
  keepAliveMs?: number;
}

export const NEEDS_BUBBLEWRAP =
  'The terminal needs the bubblewrap sandbox, which this server does not have: it runs ' +
  'JavaScript in QuickJS, where there is no shell. Install bubblewrap on the server ' +
  '(apt-get install bubblewrap) and restart it to use the terminal.';
const PACKAGES_UNAVAILABLE =
  '\r\n\x1b[33mkiln: installing packages is unavailable in this terminal right now (the ' +
  'registry proxy did not start): npm install and pip install will fail.\x1b[0m\r\n';
const DATABASE_UNAVAILABLE =
  '\r\n\x1b[33mkiln: the project database is unavailable in this terminal right now: ' +
  'DATABASE_URL is not set.\x1b[0m\r\n';

/**
 * Output waiting in the socket past which the shell's output is no longer read (the relay then
 * stops reading the terminal, and a flooding program blocks), and below which it is read again.
 */
const OUTPUT_HIGH_WATER = 1024 * 1024;
const OUTPUT_LOW_WATER = 128 * 1024;
/** Keystrokes sent while the shell starts are kept for it, up to this much. */
const EARLY_INPUT_BYTES = 64 * 1024;
/** Files the shell changed while nobody watched, told to the tab that comes back: up to this many. */
const MISSED_PATHS = 1000;
/**
 * The close code of a connection that ended without a closing handshake: the network dropped,
 * or the keepalive found nobody there. Only then does the shell wait for a resume; a close the
 * other end sent (the tab closed it, the page went away) ends it.
 */
const DROPPED = 1006;

/**
 * One terminal: a WebSocket on one side, bash on a pty in a sandbox session over the project's
 * workspace on the other (decision 0016). Binary frames carry the terminal's bytes both ways;
 * text frames carry JSON control messages (shared/src/terminal/schemas.ts). A connection that
 * drops leaves the shell running for `resumeMs`, its output kept, for the tab to take back with
 * the shell's id (which only that person, in that project, can). Whatever ends it (the shell
 * exits, the person closes it, the time to resume passes, the idle time passes, the server
 * stops), the session is killed, the registry proxy closed and the workspace synced once more
 * and released.
 */
export class TerminalConnection implements OpenTerminal {
  /** The id a tab resumes the shell with: a secret between the server and that tab. */
  readonly shellId = randomBytes(24).toString('base64url');
  private socket: WebSocket | null = null;
  private readonly output = new OutputLog(TERMINAL_LIMITS.resumeOutputBytes);
  private resumeTimer: NodeJS.Timeout | null = null;
  private missedPaths = new Set<string>();
  private session: SandboxSession | null = null;
  private lease: WorkspaceLease | null = null;
  private bridge: RegistryBridge | null = null;
  private database: OpenBridge | null = null;
  private stopWatchingFiles: (() => void) | null = null;
  /** Sync problems already shown in this terminal. */
  private shownProblems = new Set<string>();
  private earlyInput: Buffer[] = [];
  private earlyInputBytes = 0;
  private lastActivity = Date.now();
  private idleTimer: NodeJS.Timeout | null = null;
  /** Why the shell's output is not read now; it is read while this is empty. */
  private readonly outputHeld = new Set<'socket' | 'budget'>();
  private readonly outputBudget = new OutputBudget(
    TERMINAL_LIMITS.outputBytesPerSecond,
    TERMINAL_LIMITS.outputBurstBytes,
  );
  private budgetTimer: NodeJS.Timeout | null = null;
  private inputPaused = false;
  private ending = false;
  private freed: Promise<void> | null = null;

  constructor(
    private readonly deps: TerminalDeps,
    readonly userId: string,
    readonly projectId: string,
    private size: { cols: number; rows: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(socket: WebSocket): Promise<void> {
    this.attach(socket);
    if (!this.deps.sandbox.openSession) return this.fail(NEEDS_BUBBLEWRAP);
    const refusal = this.deps.registry.admit(this);
    if (refusal) return this.closeWith('limit', refusal);
    this.watchIdle();
    try {
      await this.openShell();
    } catch (error) {
      // A refusal with words for people (the workspaces out of reach) is passed on as it is.
      if (error instanceof AppError) return this.fail(error.message);
      this.log.error({ err: error, projectId: this.projectId }, 'the terminal could not start');
      this.fail('The terminal could not start. Try again in a moment.');
    }
  }

  /**
   * Gives the shell to a tab that lost its connection to it: what it printed since the bytes the
   * tab holds follows (the oldest of it may be gone), with the files it changed meanwhile. A
   * connection the server still holds is let go: the tab is the one that knows it dropped.
   */
  resume({ socket, received, size }: ResumeRequest): boolean {
    if (this.ending || !this.session) return false;
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = null;
    const previous = this.socket;
    this.socket = null;
    previous?.terminate();
    this.attach(socket);
    const { bytes, lostBytes } = this.output.since(received);
    this.send({ type: 'resumed', lostBytes });
    if (bytes.length > 0) socket.send(bytes, { binary: true });
    if (this.missedPaths.size > 0) {
      this.send({ type: 'files-changed', paths: [...this.missedPaths] });
      this.missedPaths.clear();
    }
    if (size.cols !== this.size.cols || size.rows !== this.size.rows) {
      this.size = size;
      this.toRelay(resizeFrame(size));
    }
    this.lastActivity = Date.now();
    return true;
  }

  private attach(socket: WebSocket): void {
    this.socket = socket;
    keepAlive(socket, this.deps.keepAliveMs);
    socket.on('message', (data, isBinary) => {
      if (this.socket === socket) this.receive(data, isBinary);
    });
    socket.on('close', (code) => this.socketClosed(socket, code));
  }

  /** The person ended it, or the connection dropped: then the shell waits to be resumed. */
  private socketClosed(socket: WebSocket, code: number): void {
    if (this.socket !== socket || this.ending) return;
    this.socket = null;
    if (code !== DROPPED || !this.session || this.deps.resumeMs <= 0) {
      void this.free();
      return;
    }
    // Nobody reads the output now: it goes to the log, at the shell's pace (within its budget).
    this.releaseOutput('socket');
    this.resumeTimer = setTimeout(() => void this.free(), this.deps.resumeMs);
    this.resumeTimer.unref();
  }

  closeForAccess(message: string): void {
    this.closeWith('access', message);
  }

  async closeForShutdown(): Promise<void> {
    this.closeWith('server', 'The server is stopping. Open the terminal again in a moment.');
    await this.free();
  }

  private async openShell(): Promise<void> {
    const { deps, projectId } = this;
    // After each step that takes something, a terminal that ended meanwhile gives it back.
    const lease = await deps.workspaces.acquire({ projectId, userId: this.userId });
    if (this.ending) return this.freeOne(lease);
    this.lease = lease;

    let notice = '';
    if (deps.openRegistryBridge) {
      try {
        const bridge = await deps.openRegistryBridge(projectId);
        if (this.ending) return this.freeOne(bridge);
        this.bridge = bridge;
      } catch (error) {
        // The shell is still worth having without installs; it says why they fail.
        this.log.warn({ err: error, projectId }, 'the terminal opens without the registry proxy');
        notice = PACKAGES_UNAVAILABLE;
      }
    }
    if (deps.openDatabaseBridge) {
      try {
        const database = await deps.openDatabaseBridge(projectId);
        if (this.ending) return this.freeOne(database);
        this.database = database;
      } catch (error) {
        this.log.warn({ err: error, projectId }, 'the terminal opens without its database');
        notice += DATABASE_UNAVAILABLE;
      }
    }
    const projectEnv = await deps.environment(projectId);
    if (this.ending) return;

    const session = await deps.sandbox.openSession!({
      workspace: lease.path,
      env: {
        ...runEnvironment({ TERM: 'xterm-256color', COLORTERM: 'truecolor', ...projectEnv }),
        ...this.bridge?.env,
        ...this.database?.env,
      },
      command: relayCommand(this.size),
      limits: {
        cpuSeconds: TERMINAL_LIMITS.cpuSeconds,
        memoryBytes: TERMINAL_LIMITS.memoryBytes,
        processes: TERMINAL_LIMITS.processes,
        fileBytes: TERMINAL_LIMITS.fileBytes,
        openFiles: TERMINAL_LIMITS.openFiles,
      },
      bridges: [this.bridge, this.database].flatMap((open) => (open ? [open.bridge] : [])),
      scratchBytes: TERMINAL_LIMITS.scratchBytes,
    });
    if (this.ending) return this.freeOne(session);
    this.session = session;

    const { child } = session;
    child.stdout.on('data', (chunk: Buffer) => this.sendOutput(chunk));
    child.stderr.on('data', (chunk: Buffer) => this.sendOutput(chunk));
    // A relay that has gone makes writes fail with EPIPE; its 'close' reports the end.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      this.log.error({ err: error, projectId }, 'the terminal sandbox failed');
      this.fail('The terminal stopped unexpectedly.');
    });
    child.on('close', (code, signal) => this.exited(code, signal));

    this.send({
      type: 'ready',
      shell: this.shellId,
      resumeSeconds: Math.floor(this.deps.resumeMs / 1000),
    });
    if (notice) this.sendOutput(Buffer.from(notice));
    for (const frame of this.earlyInput) this.toRelay(frame);
    this.earlyInput = [];
    this.stopWatchingFiles = lease.onChange((report) => {
      if (report.fromDisk.length > 0) this.filesChanged(report.fromDisk);
      this.showSyncProblems(report.problems);
    });
  }

  private filesChanged(paths: string[]): void {
    if (this.socket) return this.send({ type: 'files-changed', paths });
    for (const changed of paths) {
      if (this.missedPaths.size >= MISSED_PATHS) break;
      this.missedPaths.add(changed);
    }
  }

  /** Says once what keeps the sync from saving, and again only after it cleared and came back. */
  private showSyncProblems(problems: string[]): void {
    for (const problem of problems) {
      if (this.shownProblems.has(problem)) continue;
      this.sendOutput(Buffer.from(`\r\n\x1b[33mkiln: ${problem}\x1b[0m\r\n`));
    }
    this.shownProblems = new Set(problems);
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.lastActivity = Date.now();
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    if (isBinary) return this.toRelay(dataFrames(bytes));
    let message: unknown;
    try {
      message = JSON.parse(bytes.toString('utf8'));
    } catch {
      message = null;
    }
    const parsed = TerminalClientMessageSchema.safeParse(message);
    if (!parsed.success) {
      this.log.debug({ projectId: this.projectId }, 'ignored a malformed terminal message');
      return;
    }
    // The only control message: a new size, used at start if the shell is not there yet.
    this.size = { cols: parsed.data.cols, rows: parsed.data.rows };
    if (this.session) this.toRelay(resizeFrame(this.size));
  }

  private toRelay(frame: Buffer): void {
    if (!this.session) {
      if (this.earlyInputBytes + frame.length > EARLY_INPUT_BYTES) return;
      this.earlyInput.push(frame);
      this.earlyInputBytes += frame.length;
      return;
    }
    const { stdin } = this.session.child;
    const { socket } = this;
    // A paste faster than the shell takes it: stop reading the socket until the pipe drains.
    if (!stdin.write(frame) && !this.inputPaused && socket) {
      this.inputPaused = true;
      socket.pause();
      stdin.once('drain', () => {
        this.inputPaused = false;
        socket.resume();
      });
    }
  }

  private sendOutput(chunk: Buffer): void {
    this.lastActivity = Date.now();
    this.output.append(chunk);
    // Whether anyone reads it or not: a detached flood is held to the same pace.
    const wait = this.outputBudget.spend(chunk.length);
    if (wait > 0 && !this.budgetTimer) {
      this.holdOutput('budget');
      this.budgetTimer = setTimeout(() => {
        this.budgetTimer = null;
        this.releaseOutput('budget');
      }, wait);
    }
    const { socket } = this;
    if (socket?.readyState !== WebSocket.OPEN) return;
    socket.send(chunk, { binary: true }, () => this.resumeOutputWhenDrained(socket));
    if (socket.bufferedAmount > OUTPUT_HIGH_WATER) this.holdOutput('socket');
  }

  private resumeOutputWhenDrained(socket: WebSocket): void {
    if (socket.bufferedAmount > OUTPUT_LOW_WATER) return;
    this.releaseOutput('socket');
  }

  private holdOutput(reason: 'socket' | 'budget'): void {
    if (!this.session) return;
    if (this.outputHeld.size === 0) {
      this.session.child.stdout.pause();
      this.session.child.stderr.pause();
    }
    this.outputHeld.add(reason);
  }

  private releaseOutput(reason: 'socket' | 'budget'): void {
    if (!this.outputHeld.delete(reason) || this.outputHeld.size > 0 || !this.session) return;
    this.session.child.stdout.resume();
    this.session.child.stderr.resume();
  }

  private watchIdle(): void {
    const { idleMs } = this.deps;
    const check = () => {
      const quiet = Date.now() - this.lastActivity;
      if (quiet < idleMs) {
        this.idleTimer = setTimeout(check, idleMs - quiet);
        return;
      }
      this.closeWith(
        'idle',
        `Closed after ${describeDuration(idleMs)} without input or output. Open a terminal again to continue.`,
      );
    };
    this.idleTimer = setTimeout(check, idleMs);
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.ending) return;
    const status = code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0);
    this.send({ type: 'exit', code: status });
    this.end(TERMINAL_CLOSE_CODES.exit);
  }

  private closeWith(reason: TerminalCloseReason, message: string): void {
    if (this.ending) return;
    this.send({ type: 'closed', reason, message });
    this.end(TERMINAL_CLOSE_CODES[reason]);
  }

  private fail(message: string): void {
    if (this.ending) return;
    this.send({ type: 'error', message });
    this.end(TERMINAL_CLOSE_CODES.error);
  }

  private send(message: TerminalServerMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private end(code: number): void {
    const { socket } = this;
    if (socket?.readyState === WebSocket.OPEN || socket?.readyState === WebSocket.CONNECTING) {
      socket.close(code);
    }
    void this.free();
  }

  /** Frees everything once, whichever end came first. */
  private free(): Promise<void> {
    this.ending = true;
    this.freed ??= this.freeAll();
    return this.freed;
  }

  private async freeAll(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    this.stopWatchingFiles?.();
    this.session?.kill();
    this.deps.registry.leave(this);
    for (const resource of [this.bridge, this.database, this.lease]) {
      if (resource) await this.freeOne(resource);
    }
  }

  private async freeOne(
    resource: SandboxSession | RegistryBridge | OpenBridge | WorkspaceLease,
  ): Promise<void> {
    try {
      if ('kill' in resource) resource.kill();
      // The last lease's release syncs once more, so what the shell wrote last is kept.
      else if ('release' in resource) await resource.release();
      else await resource.close();
    } catch (error) {
      this.log.warn({ err: error, projectId: this.projectId }, 'freeing a terminal failed');
    }
  }
}

function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 1) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const seconds = Math.max(1, Math.round(ms / 1000));
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
