import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { ExecuteResult, RunLanguage, SandboxBackend } from '@kiln/shared';

/** One file of the throwaway copy a run works in. */
export interface RunFile {
  /** Project-relative, already validated (no `..`, no leading slash). */
  path: string;
  content: string | Buffer;
}

export interface RunRequest {
  language: RunLanguage;
  /** The file to run, project-relative; `files` holds it with the editor's text. */
  entry: string;
  files: RunFile[];
  /** The whole environment of the run: nothing of the server's is inherited. */
  env: Record<string, string>;
  /**
   * The project's workspace on the host (decision 0016): its installed packages (`node_modules`,
   * `.venv`) are mounted read-only into the run. Runs without one see the standard library only.
   */
  workspace?: string;
  /** Ways out of the run's closed network (the project's database), as a session has them. */
  bridges?: SessionBridge[];
}

/** What a run produced, before the route adds which language and backend ran it. */
export type RunOutcome = Omit<ExecuteResult, 'language' | 'backend'>;

export interface Sandbox {
  readonly backend: SandboxBackend;
  /** Languages this backend can run; Python needs bubblewrap. */
  readonly languages: readonly RunLanguage[];
  /** Whether control groups hold each sandbox as a whole (sandbox/cgroups.ts). */
  readonly confinement?: 'cgroups' | 'per-process';
  run(request: RunRequest): Promise<RunOutcome>;
  /**
   * Starts a long-lived program over a project's workspace (installs, the terminal). Only
   * bubblewrap has it: QuickJS has no processes to give a shell.
   */
  openSession?(request: SessionRequest): Promise<SandboxSession>;
}

/** rlimits of a session's processes, each process counted on its own (decision 0016). */
export interface SessionLimits {
  cpuSeconds: number;
  memoryBytes: number;
  processes: number;
  /** The largest file a process may write. */
  fileBytes: number;
  openFiles: number;
}

/** A Unix socket on the host that the session's programs reach as 127.0.0.1:`port`. */
export interface SessionBridge {
  port: number;
  socket: string;
}

/** A bridge opened for one run or session, with the variables its programs use it by. */
export interface OpenBridge {
  bridge: SessionBridge;
  /** Added after the project's own variables. */
  env: Record<string, string>;
  /** Called when the run or session ends. */
  close(): Promise<void>;
}

export interface SessionRequest {
  /** The project's workspace on the host, mounted read-write as the working folder. */
  workspace: string;
  /** The whole environment: nothing of the server's is inherited. */
  env: Record<string, string>;
  command: string[];
  limits: SessionLimits;
  bridges: SessionBridge[];
  /**
   * Host files mounted read-only (`host` at `inside`): a socket a program inside connects to Kiln
   * through (the dev server's reverse bridge), a file Kiln wrote for it.
   */
  mounts?: Array<{ host: string; inside: string }>;
  /**
   * The command opens the bridges' ports itself (the app forwarder does), so no launcher starts
   * before it.
   */
  commandOpensBridges?: boolean;
  /**
   * Workspace folders (relative paths) the program sees empty and read-only: Kiln's own data
   * there (npm's cache) that an app's file watcher would otherwise scan at every start.
   */
  hidden?: string[];
  /** Size of the tmpfs holding the home (outside the workspace) and /tmp. */
  scratchBytes: number;
}

/** A running session: its process (stdin, stdout, stderr piped) and a kill for all of it. */
export interface SandboxSession {
  child: ChildProcessWithoutNullStreams;
  kill(): void;
}
