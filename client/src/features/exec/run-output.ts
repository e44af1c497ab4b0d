import {
  RUN_EXTENSIONS,
  RUN_LANGUAGES,
  runLanguageOf,
  type ExecuteResult,
  type RunLanguage,
  type RunLimitHit,
} from '@kiln/shared';
import { serverMessageOf } from '../../lib/api-error';

/** One run in the terminal: in flight, answered by the sandbox, or failed before it ran. */
export type RunEntry =
  | { id: number; filePath: string; status: 'running' }
  | { id: number; filePath: string; status: 'done'; result: ExecuteResult }
  | { id: number; filePath: string; status: 'failed'; message: string };

export type RunLineKind = 'stdout' | 'error' | 'notice' | 'status';

export interface RunLine {
  kind: RunLineKind;
  text: string;
}

/** What the terminal shows when the call itself fails. */
export const RUN_FAILED = 'Failed to execute code';

const LANGUAGE_LABELS: Record<RunLanguage, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
};

export function languageLabel(language: RunLanguage): string {
  return LANGUAGE_LABELS[language];
}

export function fileName(filePath: string): string {
  return filePath.slice(filePath.lastIndexOf('/') + 1);
}

/** 42 ms, 1.5 s, 10 s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
}

/** The heading of a run, like a prompt: the file, then its language and sandbox once known. */
export function runHeading(entry: RunEntry): { file: string; details: string[] } {
  const language = entry.status === 'done' ? entry.result.language : runLanguageOf(entry.filePath);
  const details = language ? [languageLabel(language)] : [];
  if (entry.status === 'done') details.push(entry.result.backend);
  return { file: entry.filePath, details };
}

/** A trailing newline ends the last line; it is not an empty line of its own. */
const withoutFinalNewline = (text: string) => text.replace(/\r?\n$/, '');

/**
 * The lines a run shows, in order: what it printed, the answer's error field as
 * 'Error: {error}', and how it ended. The server words the details itself (a truncation notice
 * at the end of the output; which limit stopped the run, or a missing package, in the error),
 * so the last line only names the limit, and is a notice when a limit hit or output was cut.
 */
export function runLines(entry: RunEntry): RunLine[] {
  if (entry.status === 'running') return [{ kind: 'status', text: 'Running...' }];
  if (entry.status === 'failed') return [{ kind: 'error', text: `Error: ${entry.message}` }];
  const { result } = entry;
  const lines: RunLine[] = [];
  if (result.output) lines.push({ kind: 'stdout', text: withoutFinalNewline(result.output) });
  if (result.error) {
    // The server's advice on a missing package ends the error; it is guidance, not more error.
    const [, error = result.error, hint] =
      /^([\s\S]*?)\n(Hint: [^\n]*)\n?$/.exec(result.error) ?? [];
    lines.push({ kind: 'error', text: `Error: ${withoutFinalNewline(error)}` });
    if (hint) lines.push({ kind: 'notice', text: hint });
  }
  const cut = result.limit !== null || result.truncated;
  lines.push({ kind: cut ? 'notice' : 'status', text: exitText(result) });
  return lines;
}

const LIMIT_NAMES: Record<RunLimitHit, string> = {
  time: 'time',
  cpu: 'CPU time',
  memory: 'memory',
  output: 'output',
};

/** 'Exited with code 0 in 42 ms'; 'Stopped by the time limit after 10 s' when a limit hit. */
export function exitText(result: Pick<ExecuteResult, 'exitCode' | 'durationMs' | 'limit'>): string {
  const duration = formatDuration(result.durationMs);
  if (result.limit) return `Stopped by the ${LIMIT_NAMES[result.limit]} limit after ${duration}`;
  return result.exitCode === null
    ? `Stopped after ${duration}`
    : `Exited with code ${result.exitCode} in ${duration}`;
}

/** One line for the terminal's title bar and for screen readers (announced politely). */
export function runSummary(entry: RunEntry | undefined): string {
  if (!entry) return 'No runs yet';
  const name = fileName(entry.filePath);
  if (entry.status === 'running') return `Running ${name}...`;
  if (entry.status === 'failed') {
    // The server's message often names the file already.
    return entry.message.includes(name) ? entry.message : `${name}: ${entry.message}`;
  }
  const text = exitText(entry.result);
  return `${name}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/**
 * Whether a failed run was missing a package its manifest lists: installing the project's
 * packages is then what it needs (the server says so in `missingPackage`).
 */
export function offersInstall(result: ExecuteResult): boolean {
  return result.missingPackage?.listed === true;
}

/**
 * The message of a run that never got an answer from the sandbox: the server's error field
 * (an unsupported file, a full queue, no sandbox for Python) or, when the call itself failed
 * (network, a bare 5xx), the fixed text 'Failed to execute code'.
 */
export function runFailureMessage(error: unknown): string {
  return serverMessageOf(error, RUN_FAILED);
}

/**
 * The kinds of file Kiln runs, with their extensions, read from the table the server picks a
 * language by: 'JavaScript (.js, .mjs, .cjs), TypeScript (.ts, .mts, .cts) or Python (.py)'.
 */
export function runnableKinds(): string {
  const kinds = RUN_LANGUAGES.map((language) => {
    const extensions = Object.keys(RUN_EXTENSIONS).filter(
      (extension) => RUN_EXTENSIONS[extension] === language,
    );
    return `${languageLabel(language)} (${extensions.join(', ')})`;
  });
  return `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1) ?? ''}`;
}

/** Whether Run can run the selected file, and what its tooltip says. */
export interface RunAvailability {
  runnable: boolean;
  /** What Run will do, 'Run main.py (Ctrl+Enter)', or why it cannot. */
  reason: string;
}

const PAGE = /\.html?$/i;
const STYLESHEET = /\.css$/i;

/**
 * Run is offered only for a file Kiln can run. A page, or the stylesheet of one, is shown by the
 * Preview tab rather than run, and the reason says so; any other file names what Kiln runs.
 */
export function runAvailability(
  filePath: string | null,
  options: {
    /** The Run shortcut, shown with what Run will do. */
    runShortcut: string;
    /** The Preview shortcut; empty to name none. */
    previewShortcut: string;
    /** Whether the project has a page for the Preview tab to show. */
    canPreview: boolean;
  },
): RunAvailability {
  if (!filePath) return { runnable: false, reason: 'Select a file to run' };
  const name = fileName(filePath);
  if (runLanguageOf(filePath)) {
    return { runnable: true, reason: `Run ${name} (${options.runShortcut})` };
  }
  const preview = `open the Preview tab${options.previewShortcut ? ` (${options.previewShortcut})` : ''} to see it`;
  if (PAGE.test(filePath)) return { runnable: false, reason: `${name} is a web page: ${preview}` };
  if (STYLESHEET.test(filePath) && options.canPreview) {
    return { runnable: false, reason: `${name} styles a web page: ${preview}` };
  }
  return { runnable: false, reason: `${name} cannot be run: Kiln runs ${runnableKinds()} files` };
}
