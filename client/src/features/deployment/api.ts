import {
  UNFINISHED_DEPLOYMENT_STATES,
  type Deployment,
  type DeploymentConfig,
  type DeployPlatform,
  type SaveDeploymentConfigInput,
} from '@kiln/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';

/** While a deploy is under way its list is read again this often. */
export const DEPLOYMENTS_POLL_MS = 2_000;

/** GET /api/deployment/configs/{projectId}: the default query function joins the key. */
const configsKey = (projectId: string) => ['/api/deployment/configs', projectId] as const;
const deploymentsKey = (projectId: string) => ['/api/deployment/deployments', projectId] as const;

export function useDeploymentConfigs(projectId: string, enabled: boolean) {
  return useQuery<DeploymentConfig[]>({ queryKey: configsKey(projectId), enabled });
}

/** The project's deployments, newest first, read again every 2 s while one is in progress. */
export function useDeployments(projectId: string, enabled: boolean) {
  return useQuery<Deployment[]>({
    queryKey: deploymentsKey(projectId),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((deployment) =>
        UNFINISHED_DEPLOYMENT_STATES.includes(deployment.status),
      )
        ? DEPLOYMENTS_POLL_MS
        : false,
  });
}

/** POST /api/deployment/configs/{projectId}: the platform's configuration, replaced. */
export function useSaveDeploymentConfig(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDeploymentConfigInput) =>
      apiJson<DeploymentConfig>('POST', `/api/deployment/configs/${projectId}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configsKey(projectId) }),
  });
}

export function useDeleteDeploymentConfig(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<{ message: string }>('DELETE', `/api/deployment/configs/${projectId}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configsKey(projectId) }),
  });
}

/** POST /api/deployment/deploy: queues a deploy (or answers the one under way). */
export function useStartDeployment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: DeployPlatform) =>
      apiJson<Deployment>('POST', '/api/deployment/deploy', { projectId, platform }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deploymentsKey(projectId) }),
  });
}
