import { StringDecoder } from 'node:string_decoder';
import { DEV_SERVER_PORT, TERMINAL_LIMITS, type RuntimeStatus } from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isFolderIn } from '../../lib/rooted-folder';
import {
  forwarderCommand,
  openReverseBridge,
  type ReverseBridge,
} from '../../sandbox/reverse-bridge';
import { runEnvironment } from '../../sandbox/run-environment';
import type { OpenBridge, Sandbox, SandboxSession } from '../../sandbox/types';
import { INSTALL_SESSION_LIMITS, NPM_CACHE_FOLDER } from '../packages';
import { requireRuntime } from '../runtimes';
import type { WorkspaceLease, Workspaces } from '../workspaces';
import {
  detectDevCommand,
  UndetectableCommandError,
  type ProjectFileReader,
} from './detect-command';
import type { LogChannel } from './log-channel';
import { needsInstall } from './needs-install';

export interface DevServerDeps {
  sandbox: Sandbox;
  workspaces: Workspaces;
  /** The project's environment variables, as its runs get them. */
  environment: (projectId: string) => Promise<Record<string, string>>;
  /** The project's own database, as DATABASE_URL in the app (decision 0017). */
  openDatabaseBridge?: (projectId: string) => Promise<OpenBridge>;
  /** A project file's text as the database has it. */
  readFile: (projectId: string) => ProjectFileReader;
  /** The runtimes found at start-up: an app whose runtime is missing or too old is refused. */
  runtimes?: Promise<readonly RuntimeStatus[]>;
  /** The packages module's install, passing on what the installer prints. */
  installPackages: (options: {
    userId: string;
    projectId: string;
    emit: (text: string) => void;
  }) => Promise<{ ok: boolean; message: string }>;
  log: FastifyBaseLogger;
}

/** How a dev server ended, kept to show until the next start. */
export interface DevServerEnd {
  state: 'stopped' | 'crashed';
  command: string | null;
  exitCode: number | null;
  message: string;
}

/**
 * A dev server's rlimits, each process counted on its own: an installer's memory and process
 * count (decision 0016), since Vite's bundler starts a pool of threads whose stacks count
 * against the data limit (a terminal's 256 MB refuses them), with the terminal's file limits and
 * an hour of CPU time per process (a server lives longer than a shell command).
 */
export const DEV_SERVER_LIMITS = {
  cpuSeconds: 3600,
  memoryBytes: INSTALL_SESSION_LIMITS.memoryBytes,
  processes: INSTALL_SESSION_LIMITS.processes,
  fileBytes: TERMINAL_LIMITS.fileBytes,
  openFiles: TERMINAL_LIMITS.openFiles,
};

/**
 * npm's update check, off unless the project's variables turn it on. The sandbox's home is new
 * at every start, so npm finds no record of a recent check and makes one each time: it loads its
 * registry client while `npm run` starts the script, on the same thread, which held the app back
 * by 0.2-0.4 s on a busy 2-core machine (bench/devserver-vite.ts), for a request the sandbox's
 * closed network refuses anyway. Installs turn it off too (packages/registry-bridge.ts).
 */
const QUIET_NPM = { npm_config_update_notifier: 'false' };

/**
 * One project's app, started by Run: its packages installed when missing, then its command in a
 * sandbox session over the project's workspace (so an edit in the editor reaches the app's own
 * file watcher), reached through a reverse bridge. Whatever ends it (the app exits, Stop, the
 * idle time, the server stopping), everything it holds is given back once.
 */
export class DevServer {
  phase: 'installing' | 'starting' | 'running' = 'starting';
  command: string | null = null;
  readonly startedAt = new Date();
  lastTraffic = Date.now();
  private lease: WorkspaceLease | null = null;
  private bridge: ReverseBridge | null = null;
  private session: SandboxSession | null = null;
  private database: OpenBridge | null = null;
  private stopMessage: string | null = null;
  private result: DevServerEnd | null = null;
  private finish: (end: DevServerEnd) => void = () => undefined;
  readonly ended: Promise<DevServerEnd> = new Promise((resolve) => (this.finish = resolve));

  constructor(
    private readonly deps: DevServerDeps,
    readonly userId: string,
    readonly projectId: string,
    private readonly channel: LogChannel,
    private readonly changed: () => void,
  ) {}

  get port(): number | null {
    return this.phase === 'running' ? (this.bridge?.port() ?? null) : null;
  }

  /** The bridge to the app, once it listens. */
  get target(): ReverseBridge | null {
    return this.phase === 'running' ? this.bridge : null;
  }

  /** Starts it; the outcome shows in `phase`, the log and `ended`. */
  async start(): Promise<void> {
    try {
      await this.launch();
    } catch (error) {
      // Errors with words for people (no start command, the workspaces out of reach) show as is.
      if (error instanceof UndetectableCommandError || error instanceof AppError)
        return this.end('crashed', null, error.message);
      this.deps.log.error({ err: error, projectId: this.projectId }, 'dev server failed to start');
      this.end('crashed', null, 'Kiln could not start the app because of an error of its own.');
    }
  }

  /** Stops it, saying why in the log and the status. */
  stop(message: string): Promise<DevServerEnd> {
    this.stopMessage ??= message;
    if (this.session) this.session.kill();
    else this.end('stopped', null, message);
    return this.ended;
  }

  private async launch(): Promise<void> {
    const { deps, projectId } = this;
    const lease = await deps.workspaces.acquire({ projectId, userId: this.userId });
    if (this.result) return void (await lease.release());
    this.lease = lease;
    const read = deps.readFile(projectId);
    const venv = () => isFolderIn(lease.path, '.venv');
    let command = await detectDevCommand(read, { hasVenv: await venv() });
    this.command = command.display;
    this.changed();
    // Said in Kiln's words before the build fails in the runtime's ('note: module requires Go
    // 1.22' after a compile error).
    if (command.runtime && deps.runtimes) {
      requireRuntime({
        runtimes: await deps.runtimes,
        need: command.runtime,
        purpose: 'this project',
      });
    }
    if (await needsInstall(lease.path, read)) {
      this.phase = 'installing';
      this.changed();
      const installed = await deps.installPackages({
        userId: this.userId,
        projectId,
        emit: (text) => this.channel.output(text),
      });
      if (this.result) return;
      if (!installed.ok) return this.end('crashed', null, installed.message);
      this.channel.output(`${installed.message}\n`);
      command = await detectDevCommand(read, { hasVenv: await venv() });
      this.phase = 'starting';
      this.changed();
    }
    const bridge = await openReverseBridge();
    if (this.result) return void (await bridge.close());
    this.bridge = bridge;
    const projectEnv = await deps.environment(projectId);
    if (this.result) return;
    const database = await deps.openDatabaseBridge?.(projectId);
    if (this.result) return void (await database?.close());
    this.database = database ?? null;
    this.channel.output(`$ ${command.display}\n`);
    const bridges = database ? [database.bridge] : [];
    const session = await deps.sandbox.openSession!({
      workspace: lease.path,
      // Kiln's port and host win over the project's: the proxy finds the app by them.
      env: {
        ...runEnvironment({ ...QUIET_NPM, ...projectEnv, ...database?.env }),
        PORT: String(DEV_SERVER_PORT),
        HOST: '127.0.0.1',
        BROWSER: 'none',
      },
      command: forwarderCommand({
        port: command.port ?? DEV_SERVER_PORT,
        only: command.port !== undefined,
        command: command.argv,
        bridges,
      }),
      commandOpensBridges: true,
      limits: DEV_SERVER_LIMITS,
      bridges,
      mounts: bridge.mounts,
      // Installs keep npm's cache in the workspace; the app's own npm uses its home's. Hidden,
      // it is not scanned by the app's file watcher as it starts (Vite's took 50-60 ms over it).
      hidden: (await isFolderIn(lease.path, NPM_CACHE_FOLDER)) ? [NPM_CACHE_FOLDER] : [],
      scratchBytes: TERMINAL_LIMITS.scratchBytes,
    });
    if (this.result) return session.kill();
    this.session = session;
    const { child } = session;
    child.stdin.end();
    for (const stream of [child.stdout, child.stderr]) {
      const decoder = new StringDecoder('utf8');
      stream.on('data', (chunk: Buffer) => {
        const text = decoder.write(chunk);
        if (text) this.channel.output(text);
      });
    }
    child.on('close', (code) => this.exited(code));
    void bridge.ready.then(() => {
      if (this.result) return;
      // Idle time counts from when the app answers, not from the start (installs take long).
      this.lastTraffic = Date.now();
      this.phase = 'running';
      this.changed();
    });
  }

  private exited(code: number | null): void {
    if (this.stopMessage) return this.end('stopped', null, this.stopMessage);
    const message =
      this.phase === 'running'
        ? `The app stopped with exit code ${code ?? 'unknown'}.`
        : `The app exited with code ${code ?? 'unknown'} before it listened on a port.`;
    this.end('crashed', code, message);
  }

  private end(state: DevServerEnd['state'], exitCode: number | null, message: string): void {
    if (this.result) return;
    this.result = { state, command: this.command, exitCode, message };
    this.channel.output(`\n[Kiln] ${message}\n`);
    const { session, bridge, database, lease } = this;
    session?.kill();
    void (async () => {
      await bridge?.close().catch(() => undefined);
      await database?.close().catch(() => undefined);
      await lease?.release().catch(() => undefined);
      this.finish(this.result!);
    })();
  }
}
