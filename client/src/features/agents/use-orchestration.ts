import type { AgentFile, OrchestrationResult } from '@kiln/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { ApiError, serverMessageOf } from '../../lib/api-error';
import { aiStatusQueryOptions } from '../../lib/ai-status';
import { isRunActive, orchestrationQueryKey, useOrchestrationRun } from './api/get-orchestration';
import { useOrchestrations } from './api/get-orchestrations';
import { cancelOrchestration } from './api/cancel-orchestration';
import { streamOrchestration } from './api/stream-orchestration';
import { followUp, type RunSighting } from './run-follow-up';

/** starting: sent, no event yet; streaming: following the run's own event stream. */
export type OrchestrationPhase = 'idle' | 'starting' | 'streaming';

const START_FAILED = 'The agents could not start.';

function reportFailure(description: string) {
  toast({ title: 'Orchestration failed', description, variant: 'destructive' });
}

/**
 * The agent panel's run: the project's latest one when the panel opens (followed every second
 * while it is still going, after a reload say), or the one started here, followed through its
 * event stream. Either way the run's results land in its query's cache, and each new look at
 * it refreshes the file list when it changed files and announces its end (run-follow-up.ts).
 * Stop ends the run on the server at its next step; what it finished is kept.
 */
export function useOrchestration({
  projectId,
  onFilesChanged,
}: {
  projectId: string;
  onFilesChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const runs = useOrchestrations(projectId);
  const [phase, setPhase] = useState<OrchestrationPhase>('idle');
  const [startedId, setStartedId] = useState<string | null>(null);
  /** The request on its way, shown until the run's first event names it. */
  const [pendingRequest, setPendingRequest] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const streamedIdRef = useRef<string | null>(null);
  const sightings = useRef(new Map<string, RunSighting>());
  const startedHere = useRef(new Set<string>());
  const onFilesChangedRef = useRef(onFilesChanged);
  useEffect(() => {
    onFilesChangedRef.current = onFilesChanged;
  });

  const shownId = startedId ?? runs.data?.[0]?.id ?? null;
  const run = useOrchestrationRun(shownId, { follow: phase === 'idle' });
  const result: OrchestrationResult | null = run.data ?? null;

  // Every new look at the run, streamed or read, is compared with the one before.
  useEffect(() => {
    if (!result) return;
    const outcome = followUp(sightings.current.get(result.id), result, {
      startedHere: startedHere.current.has(result.id),
    });
    sightings.current.set(result.id, outcome.sighting);
    if (outcome.refreshFiles) onFilesChangedRef.current();
    for (const notice of outcome.notices) toast(notice);
  }, [result]);

  // Leaving the editor stops following; the run itself goes on.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (userRequest: string, files: AgentFile[]) => {
      if (controllerRef.current) return;
      const controller = new AbortController();
      controllerRef.current = controller;
      streamedIdRef.current = null;
      setPhase('starting');
      setPendingRequest(userRequest);
      let ended = false;
      try {
        const events = streamOrchestration(
          { projectId, userRequest, mode: 'full', context: { files } },
          controller.signal,
        );
        for await (const event of events) {
          const id = streamedIdRef.current;
          if (event.type === 'error') {
            ended = true;
            // Announced here; the stored run, read back below, must not announce it again.
            const seen = id ? sightings.current.get(id) : undefined;
            if (id) sightings.current.set(id, { status: 'failed', changes: seen?.changes ?? '' });
            reportFailure(event.error || START_FAILED);
            if (id) void queryClient.invalidateQueries({ queryKey: orchestrationQueryKey(id) });
            continue;
          }
          if (id === null) {
            streamedIdRef.current = event.result.id;
            startedHere.current.add(event.result.id);
            setStartedId(event.result.id);
            setPhase('streaming');
          }
          queryClient.setQueryData(orchestrationQueryKey(event.result.id), event.result);
          if (event.type === 'done') ended = true;
        }
        // Cut off before the end: a run that has started is read back instead (the panel
        // follows it once the stream is gone); one that never did is a failure.
        if (!ended && !controller.signal.aborted && streamedIdRef.current === null) {
          reportFailure(START_FAILED);
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          const code = error instanceof ApiError ? error.code : null;
          reportFailure(serverMessageOf(error, START_FAILED));
          if (code === 'AI_NOT_CONFIGURED') {
            void queryClient.invalidateQueries(aiStatusQueryOptions());
          }
        }
      } finally {
        controllerRef.current = null;
        setPhase('idle');
        setPendingRequest(null);
      }
    },
    [projectId, queryClient],
  );

  const active = isRunActive(result?.status);
  const shownActiveId = active && result ? result.id : null;
  const stop = useCallback(() => {
    const runningId = streamedIdRef.current ?? shownActiveId;
    if (runningId) {
      // The stream (or the polling) shows the run stopped once the server has ended it.
      cancelOrchestration(runningId).catch((error: unknown) => {
        toast({
          title: 'Stop failed',
          description: serverMessageOf(error, 'The run could not be stopped.'),
          variant: 'destructive',
        });
      });
      return;
    }
    // Sent but not started yet: stop waiting for it.
    controllerRef.current?.abort();
  }, [shownActiveId]);

  return {
    /** The run shown: the latest, or the one started here; null before the first. */
    result,
    loading: runs.isPending,
    loadFailed: runs.isError,
    phase,
    pendingRequest,
    /** The run goes on and the panel shows its progress as it comes. */
    following: phase !== 'idle' || active,
    /** Whether Stop has a run (or a request) to stop. */
    canStop: phase !== 'idle' || active,
    start,
    stop,
  };
}
