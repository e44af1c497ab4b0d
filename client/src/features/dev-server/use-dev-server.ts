import { DevServerEventSchema, type DevServerStatus } from '@kiln/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { chooseAppLink, type AppLink } from './app-link';
import { appendAppLog } from './app-log';
import {
  devServerLogUrl,
  devServerQueryKey,
  readDevServerStatus,
  startDevServer,
  stopDevServer,
} from './api';

/** How often the status is read while the app installs or starts, and while it runs. */
const BUSY_POLL_MS = 1_000;
const RUNNING_POLL_MS = 60_000;

export type DevServerController = ReturnType<typeof useDevServer>;

/**
 * A project's app for the editor: its status (read often while it starts), its log as it
 * streams, a preview link that stays put while the app runs, and start, restart and stop.
 * `enabled` is false for projects that are not apps: nothing is asked of the server then.
 */
export function useDevServer(projectId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = devServerQueryKey(projectId);
  const status = useQuery<DevServerStatus>({
    queryKey: key,
    queryFn: () => readDevServerStatus(projectId),
    enabled,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      if (state === 'installing' || state === 'starting') return BUSY_POLL_MS;
      return state === 'running' ? RUNNING_POLL_MS : false;
    },
  });
  const [log, setLog] = useState('');
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<AppLink | null>(null);
  const chosen = chooseAppLink(link, status.data);
  if (chosen !== link) setLink(chosen);

  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(devServerLogUrl(projectId));
    // Each (re)connection starts with the output so far: what was shown is replaced by it.
    source.onopen = () => setLog('');
    source.onmessage = (message: MessageEvent<string>) => {
      let parsed;
      try {
        parsed = DevServerEventSchema.safeParse(JSON.parse(message.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'output') setLog((current) => appendAppLog(current, event.data));
      // A change of state: the status (with its link) is read again.
      else void queryClient.invalidateQueries({ queryKey: devServerQueryKey(projectId) });
    };
    return () => source.close();
  }, [projectId, enabled, queryClient]);

  const act = useCallback(
    async (action: () => Promise<DevServerStatus>, failure: string) => {
      setBusy(true);
      try {
        queryClient.setQueryData(devServerQueryKey(projectId), await action());
      } catch (error) {
        toast({
          title: failure,
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        });
      } finally {
        setBusy(false);
      }
    },
    [projectId, queryClient],
  );

  const start = useCallback(
    (options: { restart?: boolean } = {}) =>
      act(() => startDevServer(projectId, options), 'The app could not start'),
    [act, projectId],
  );
  const stop = useCallback(
    () => act(() => stopDevServer(projectId), 'The app could not be stopped'),
    [act, projectId],
  );

  // Refresh in the preview: the status's newest link replaces the one held, which may have been
  // revoked (a member removed or made a viewer) long before it nears its expiry. Answers whether
  // the link changed (a new link reloads the frame by itself).
  const { refetch } = status;
  const renewLink = useCallback(async () => {
    const fresh = chooseAppLink(null, (await refetch()).data);
    setLink(fresh);
    return fresh?.url !== link?.url;
  }, [refetch, link]);

  const state = status.data?.state ?? 'stopped';
  return {
    status: status.data ?? null,
    state,
    /** Installing, starting or running: Stop and Restart apply. */
    active: state === 'installing' || state === 'starting' || state === 'running',
    /** Whether there is anything of the app to show: it was started since the server began. */
    shown: enabled && (state !== 'stopped' || status.data?.message != null || log !== ''),
    link,
    renewLink,
    log,
    busy,
    start,
    restart: () => start({ restart: true }),
    stop,
  };
}
