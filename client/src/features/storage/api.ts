import type { ProjectStorage } from '@kiln/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** GET /api/projects/{id}/storage: the default query function joins the key with slashes. */
export const storageQueryKey = (projectId: string) =>
  ['/api/projects', projectId, 'storage'] as const;

/**
 * The project's storage against its quota. `changedAt` is when the editor last learnt of a
 * change to the files (its file list's update time): each new value reads the usage again, so
 * a save, an upload, the terminal or the agent moves the meter without polling.
 */
export function useProjectStorage(projectId: string, changedAt: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: storageQueryKey(projectId) });
  }, [queryClient, projectId, changedAt]);
  return useQuery<ProjectStorage>({ queryKey: storageQueryKey(projectId) });
}
