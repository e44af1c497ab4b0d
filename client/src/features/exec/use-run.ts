import { runLanguageOf } from '@kiln/shared';
import { useCallback, useRef, useState } from 'react';
import { executeFile } from './api';
import { runFailureMessage, type RunEntry } from './run-output';

/** Older runs drop off the top of the terminal, so a long session holds bounded output. */
const RUNS_KEPT = 20;

/**
 * Runs files one at a time and keeps their results for the terminal. `run` does nothing while
 * a run is in flight (the Run button is disabled then, and a shortcut pressed twice must not
 * queue a second run).
 */
export function useRun(projectId: string) {
  const [entries, setEntries] = useState<RunEntry[]>([]);
  const [running, setRunning] = useState(false);
  const inFlight = useRef(false);
  const nextId = useRef(1);

  const run = useCallback(
    async ({ filePath, code }: { filePath: string; code: string }) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setRunning(true);
      const id = nextId.current++;
      setEntries((previous) => [
        ...previous.slice(-(RUNS_KEPT - 1)),
        { id, filePath, status: 'running' },
      ]);
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
      setEntries((previous) => previous.map((entry) => (entry.id === id ? finished : entry)));
    },
    [projectId],
  );

  /** Clears finished runs; one in flight stays, to show its result when it comes. */
  const clear = useCallback(
    () => setEntries((previous) => previous.filter((entry) => entry.status === 'running')),
    [],
  );

  return { entries, running, run, clear };
}
