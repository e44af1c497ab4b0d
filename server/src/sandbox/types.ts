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
}

/** What a run produced, before the route adds which language and backend ran it. */
export type RunOutcome = Omit<ExecuteResult, 'language' | 'backend'>;

export interface Sandbox {
  readonly backend: SandboxBackend;
  /** Languages this backend can run; Python needs bubblewrap. */
  readonly languages: readonly RunLanguage[];
  run(request: RunRequest): Promise<RunOutcome>;
}
