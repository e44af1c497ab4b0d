import {
  CSRF_HEADER,
  PackageStatusSchema,
  type InstallEvent,
  type PackageStatus,
} from '@kiln/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ensureCsrfToken } from '../../lib/csrf';
import { apiJson, throwIfNotOk } from '../../lib/request';
import { parseInstallEvent } from './install-events';
import { readNdjson } from './ndjson';

/** GET /api/packages/{projectId}: the default query function joins the key with slashes. */
export const packagesQueryKey = (projectId: string) => ['/api/packages', projectId] as const;

export function usePackagesStatus(projectId: string, enabled: boolean) {
  return useQuery<PackageStatus>({
    queryKey: packagesQueryKey(projectId),
    queryFn: async () =>
      PackageStatusSchema.parse(await apiJson<unknown>('GET', `/api/packages/${projectId}`)),
    enabled,
  });
}

/**
 * PUT /api/packages/{projectId}/settings: whether installs run packages' own scripts. The
 * checkbox shows the new value at once and goes back if the server refuses it.
 */
export function useSetAllowScripts(projectId: string) {
  const queryClient = useQueryClient();
  const key = packagesQueryKey(projectId);
  const setAllowScripts = (allowScripts: boolean) =>
    queryClient.setQueryData<PackageStatus>(key, (status) =>
      status ? { ...status, allowScripts } : status,
    );
  return useMutation({
    mutationFn: (allowScripts: boolean) =>
      apiJson<unknown>('PUT', `/api/packages/${projectId}/settings`, { allowScripts }),
    onMutate: async (allowScripts) => {
      await queryClient.cancelQueries({ queryKey: key });
      setAllowScripts(allowScripts);
    },
    onError: (_error, allowScripts) => setAllowScripts(!allowScripts),
  });
}

/**
 * POST /api/packages/{projectId}/install, read as it streams: the installers' output, then the
 * outcome. A refusal before the stream starts (another install running, no sandbox, no
 * manifest) throws an ApiError carrying the server's sentence.
 */
export async function* streamInstall(
  projectId: string,
  options: { force?: boolean; signal?: AbortSignal } = {},
): AsyncGenerator<InstallEvent> {
  const response = await fetch(`/api/packages/${projectId}/install`, {
    method: 'POST',
    headers: {
      Accept: 'application/x-ndjson',
      'Content-Type': 'application/json',
      [CSRF_HEADER]: await ensureCsrfToken(),
    },
    // Force reinstalls what is up to date too; otherwise only what changed is installed.
    body: JSON.stringify({ force: options.force ?? false }),
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfNotOk(response);
  if (!response.body) throw new Error('The server sent no install output.');
  for await (const value of readNdjson(response.body)) {
    const event = parseInstallEvent(value);
    if (event) yield event;
  }
}

/** After an install, the state the Packages control shows is stale. */
export function useRefreshPackagesStatus(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: packagesQueryKey(projectId) }),
    [queryClient, projectId],
  );
}
