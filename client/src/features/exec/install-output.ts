import type { InstallEvent } from '@kiln/shared';

/** How an install ended: what each ecosystem installed, or why it failed. */
export type InstallOutcome = Extract<InstallEvent, { type: 'done' }>;
import { formatDuration, type RunLine } from './run-output';

/** An install of the project's packages, shown in the Output among the runs. */
export type InstallEntry =
  | { id: number; kind: 'install'; status: 'running'; output: string }
  | { id: number; kind: 'install'; status: 'done'; output: string; outcome: InstallOutcome }
  /** The call itself failed or was refused (another install running, no sandbox). */
  | { id: number; kind: 'install'; status: 'failed'; output: string; message: string };

export const INSTALL_HEADING = 'Install packages';

/** What an install shows when the call itself failed (the network, a bare 5xx). */
export const INSTALL_FAILED = 'Failed to install packages';

/** A long install keeps its last part: the end says what went wrong. */
export const INSTALL_OUTPUT_KEPT = 200_000;

export function appendInstallOutput(output: string, data: string): string {
  const joined = output + data;
  return joined.length > INSTALL_OUTPUT_KEPT ? joined.slice(-INSTALL_OUTPUT_KEPT) : joined;
}

/** The installers' output, then the outcome in the server's words and how long it took. */
export function installLines(entry: InstallEntry): RunLine[] {
  const lines: RunLine[] = [];
  const output = entry.output.replace(/\n+$/, '');
  if (output) lines.push({ kind: 'stdout', text: output });
  if (entry.status === 'running') lines.push({ kind: 'status', text: 'Installing...' });
  else if (entry.status === 'failed')
    lines.push({ kind: 'error', text: `Error: ${entry.message}` });
  else {
    const { ok, message, durationMs } = entry.outcome;
    const text = `${message} (${formatDuration(durationMs)})`;
    lines.push(ok ? { kind: 'status', text } : { kind: 'error', text: `Error: ${text}` });
  }
  return lines;
}

/** The title bar's line for an install. */
export function installSummary(entry: InstallEntry): string {
  if (entry.status === 'running') return 'Installing packages...';
  if (entry.status === 'failed') return `Install failed: ${entry.message}`;
  const { ok, message, durationMs } = entry.outcome;
  return ok ? `Packages installed in ${formatDuration(durationMs)}` : `Install failed: ${message}`;
}

/** Whether an install finished with its packages in place. */
export function installSucceeded(entry: InstallEntry): boolean {
  return entry.status === 'done' && entry.outcome.ok;
}
