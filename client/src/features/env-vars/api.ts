import type { CreateEnvVarInput, EnvVar } from '@kiln/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';

/** GET /api/env-vars/{projectId}: the default query function joins the key with slashes. */
export const envVarsQueryKey = (projectId: string) => ['/api/env-vars', projectId] as const;

export function useEnvVars(projectId: string, enabled: boolean) {
  return useQuery<EnvVar[]>({ queryKey: envVarsQueryKey(projectId), enabled });
}

/** POST /api/env-vars: sets one variable (an existing key gets the new value). */
export function useSetEnvVar(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateEnvVarInput, 'projectId'>) =>
      apiJson<EnvVar>('POST', '/api/env-vars', { projectId, ...input }),
    onSuccess: (saved) => {
      queryClient.setQueryData<EnvVar[]>(envVarsQueryKey(projectId), (list) =>
        list
          ? [...list.filter((variable) => variable.key !== saved.key), saved].sort((a, b) =>
              a.key.localeCompare(b.key),
            )
          : list,
      );
    },
  });
}

export function useDeleteEnvVar(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string }>('DELETE', `/api/env-vars/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<EnvVar[]>(envVarsQueryKey(projectId), (list) =>
        list?.filter((variable) => variable.id !== id),
      );
    },
  });
}
