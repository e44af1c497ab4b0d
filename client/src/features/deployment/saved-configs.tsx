import {
  DEPLOY_PLATFORM_NAMES,
  UNFINISHED_DEPLOYMENT_STATES,
  type Deployment,
  type DeploymentConfig,
} from '@kiln/shared';
import { Rocket, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useDeleteDeploymentConfig, useStartDeployment } from './api';

/** The saved configurations, each with its key's hint, Deploy now and Delete. */
export function SavedConfigs({
  projectId,
  configs,
  deployments,
}: {
  projectId: string;
  configs: DeploymentConfig[];
  deployments: Deployment[];
}) {
  const remove = useDeleteDeploymentConfig(projectId);
  const start = useStartDeployment(projectId);
  if (configs.length === 0) {
    return <p className="text-muted-foreground text-sm">No saved configurations yet.</p>;
  }
  return (
    <ul aria-label="Saved configurations" className="grid gap-2">
      {configs.map((config) => {
        const name = DEPLOY_PLATFORM_NAMES[config.platform];
        const underWay = deployments.some(
          (deployment) =>
            deployment.platform === config.platform &&
            UNFINISHED_DEPLOYMENT_STATES.includes(deployment.status),
        );
        const starting = start.isPending && start.variables === config.platform;
        return (
          <li
            key={config.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border p-3"
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{name}</p>
              <p className="text-muted-foreground truncate text-xs">
                <span className="font-mono">{config.projectName}</span> · key{' '}
                <span className="font-mono">{config.apiKeyHint}</span>
              </p>
            </div>
            <Button
              size="sm"
              disabled={underWay || starting}
              aria-label={`Deploy now to ${name}`}
              onClick={() =>
                start.mutate(config.platform, {
                  onError: (failure) =>
                    toast({
                      title: 'Deploy failed',
                      description: messageOf(failure, `Failed to deploy to ${name}`),
                      variant: 'destructive',
                    }),
                })
              }
            >
              <Rocket aria-hidden /> {underWay || starting ? 'Deploying...' : 'Deploy now'}
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Delete the ${name} configuration`}
              disabled={remove.isPending && remove.variables === config.id}
              onClick={() =>
                remove.mutate(config.id, {
                  onSuccess: () => toast({ title: 'Configuration deleted', variant: 'success' }),
                  onError: () =>
                    toast({
                      title: 'Failed to delete deployment configuration',
                      variant: 'destructive',
                    }),
                })
              }
            >
              <Trash2 />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
