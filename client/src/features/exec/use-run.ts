import { runLanguageOf, type InstallEvent } from '@kiln/shared';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { serverMessageOf } from '../../lib/api-error';
import { executeFile } from './api';
import { appendInstallOutput, INSTALL_FAILED, type InstallOutcome } from './install-output';
import { isInstall, type OutputEntry } from './output-entries';
import { runFailureMessage, type RunEntry } from './run-output';

type InstallEnd =
  { status: 'done'; outcome: InstallOutcome } | { status: 'failed'; message: string };

/** Installing the project's packages (features/packages' usePackageInstaller, handed in). */
export interface PackageInstaller {
  /** An install's events: the installers' output, then how it ended. */
  install: (options: { force: boolean }) => AsyncIterable<InstallEvent>;
  /** An installer's output as plain text, without its terminal escapes. */
  plainText: (data: string) => string;
  /** Whether a manifest changed since its install, so that a run installs first. */
  isStale: () => Promise<boolean>;
  /** What is installed has changed: the Packages control reads it again. */
  refresh: () => void;
}

/** Older entries drop off the top of the Output, so a long session holds bounded output. */
const RUNS_KEPT = 20;

/**
 * Runs files one at a time, installs the project's packages, and keeps both in the Output.
 * `run` does nothing while a run is in flight (the Run button is disabled then, and a shortcut
 * pressed twice must not queue a second run); `install` likewise while an install is.
 */
export function useRun(
  projectId: string,
  options: { packages: PackageInstaller; onInstalled?: () => void },
) {
  const [entries, setEntries] = useState<OutputEntry[]>([]);
  const [running, setRunning] = useState(false);
  const [installing, setInstalling] = useState(false);
  const inFlight = useRef(false);
  const installInFlight = useRef(false);
  const nextId = useRef(1);
  const { packages } = options;
  const onInstalled = useRef(options.onInstalled);
  useLayoutEffect(() => {
    onInstalled.current = options.onInstalled;
  });

  const add = useCallback((entry: OutputEntry) => {
    setEntries((previous) => [...previous.slice(-(RUNS_KEPT - 1)), entry]);
  }, []);
  const update = useCallback((id: number, change: (entry: OutputEntry) => OutputEntry) => {
    setEntries((previous) => previous.map((entry) => (entry.id === id ? change(entry) : entry)));
  }, []);

  /**
   * Installs the project's packages, streaming the installers' output into the Output; `force`
   * reinstalls what is already up to date.
   */
  const install = useCallback(
    async ({ force = false }: { force?: boolean } = {}) => {
      if (installInFlight.current) return;
      installInFlight.current = true;
      setInstalling(true);
      const id = nextId.current++;
      add({ id, kind: 'install', status: 'running', output: '' });
      const withOutput = (data: string) => (entry: OutputEntry) =>
        isInstall(entry) ? { ...entry, output: appendInstallOutput(entry.output, data) } : entry;
      const finish =
        (end: InstallEnd) =>
        (entry: OutputEntry): OutputEntry => ({
          id,
          kind: 'install',
          output: isInstall(entry) ? entry.output : '',
          ...end,
        });
      let outcome: InstallOutcome | null = null;
      try {
        for await (const event of packages.install({ force })) {
          if (event.type === 'output') update(id, withOutput(packages.plainText(event.data)));
          else outcome = event;
        }
        update(
          id,
          finish(
            outcome
              ? { status: 'done', outcome }
              : { status: 'failed', message: 'The install stopped before it finished.' },
          ),
        );
      } catch (error) {
        // The server's sentence for a refusal (one install at a time, no sandbox...).
        const message = serverMessageOf(error, INSTALL_FAILED);
        update(id, finish({ status: 'failed', message }));
      } finally {
        installInFlight.current = false;
        setInstalling(false);
        // Even a failed install may have changed files (a lockfile) and what is installed.
        packages.refresh();
        onInstalled.current?.();
      }
    },
    [add, update, packages],
  );

  const run = useCallback(
    async ({ filePath, code }: { filePath: string; code: string }) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setRunning(true);
      // A manifest changed since its install: install again first, as the run needs it.
      if (await packages.isStale()) await install();
      const id = nextId.current++;
      add({ id, filePath, status: 'running' });
      let finished: RunEntry;
      try {
        // `language` defaults to javascript; the server goes by the extension.
        const language = runLanguageOf(filePath) ?? 'javascript';
        const result = await executeFile(projectId, { filePath, code, language });
        finished = { id, filePath, status: 'done', result };
      } catch (error) {
        finished = { id, filePath, status: 'failed', message: runFailureMessage(error) };
      } finally {
        inFlight.current = false;
        setRunning(false);
      }
      update(id, () => finished);
    },
    [projectId, add, update, install, packages],
  );

  /** Clears finished entries; one in flight stays, to show its result when it comes. */
  const clear = useCallback(
    () => setEntries((previous) => previous.filter((entry) => entry.status === 'running')),
    [],
  );

  return { entries, running, installing, run, install, clear };
}
