import {
  INSTALL_HEADING,
  installLines,
  installSucceeded,
  installSummary,
  type InstallEntry,
} from './install-output';
import {
  offersInstall,
  runHeading,
  runLines,
  runSummary,
  type RunEntry,
  type RunLine,
} from './run-output';

/** What the Output tab lists: runs and package installs, oldest first. */
export type OutputEntry = RunEntry | InstallEntry;

export function isInstall(entry: OutputEntry): entry is InstallEntry {
  return 'kind' in entry && entry.kind === 'install';
}

export function entryHeading(entry: OutputEntry): { file: string; details: string[] } {
  return isInstall(entry) ? { file: INSTALL_HEADING, details: [] } : runHeading(entry);
}

export function entryLines(entry: OutputEntry): RunLine[] {
  return isInstall(entry) ? installLines(entry) : runLines(entry);
}

/** One line for the title bar and for screen readers: the latest entry's state. */
export function outputSummary(entry: OutputEntry | undefined): string {
  return entry && isInstall(entry) ? installSummary(entry) : runSummary(entry);
}

/** Everything in the Output as plain text, for Copy. */
export function outputText(entries: readonly OutputEntry[]): string {
  return entries
    .map((entry) => {
      const { file, details } = entryHeading(entry);
      const heading = `$ ${file}${details.length ? ` (${details.join(', ')})` : ''}`;
      return [heading, ...entryLines(entry).map((line) => line.text)].join('\n');
    })
    .join('\n\n');
}

/** Whether the entry is still going: a run or install in flight. */
export function inFlight(entry: OutputEntry): boolean {
  return entry.status === 'running';
}

/**
 * What the latest entry offers: installing the packages a failed run was missing (again, after
 * an install that failed), or running again after one that worked.
 */
export function latestOffer(entries: readonly OutputEntry[]): 'install' | 'run-again' | null {
  const latest = entries.at(-1);
  if (!latest || latest.status === 'running') return null;
  if (isInstall(latest)) return installSucceeded(latest) ? 'run-again' : 'install';
  return latest.status === 'done' && offersInstall(latest.result) ? 'install' : null;
}
