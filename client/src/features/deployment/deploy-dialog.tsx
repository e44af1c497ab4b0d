import type { Project } from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { messageOf } from '../../lib/api-error';
import { projectQueryKey } from '../../lib/query-keys';
import { useDeploymentConfigs, useDeployments } from './api';
import { ConfigForm } from './config-form';
import { linkedRepositoryOf } from './deploy-links';
import { DeploymentsList } from './deployments-list';
import { GitHubDeploymentTab } from './github-deployment-tab';
import { SavedConfigs } from './saved-configs';

type DeployTab = 'github' | 'api';

/**
 * Deploy: from the linked GitHub repository through each platform's own page, or from Kiln
 * with a saved API key (Deploy now), following each deploy to its address.
 */
export function DeployDialog({
  projectId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [tab, setTab] = useState<DeployTab>('github');
  const project = useQuery<Project>({ queryKey: projectQueryKey(projectId), enabled: open });
  const configs = useDeploymentConfigs(projectId, open);
  const deployments = useDeployments(projectId, open);
  const repository = linkedRepositoryOf(project.data);
  const sectionId = useId();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Deploy</DialogTitle>
          <DialogDescription>
            Put this project online with Vercel, Netlify or Railway.
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(value) => setTab(value === 'api' ? 'api' : 'github')}>
          <TabsList className="w-full">
            <TabsTrigger value="github">GitHub Deployment</TabsTrigger>
            <TabsTrigger value="api">API Configuration</TabsTrigger>
          </TabsList>
          <TabsContent value="github">
            <GitHubDeploymentTab repository={repository} />
          </TabsContent>
          <TabsContent value="api" className="grid max-h-[60dvh] gap-4 overflow-y-auto pr-1">
            <ConfigForm projectId={projectId} />
            <section aria-labelledby={`${sectionId}-saved`} className="grid gap-2">
              <h3 id={`${sectionId}-saved`} className="text-sm font-semibold">
                Saved configurations
              </h3>
              {configs.isError ? (
                <p role="alert" className="text-destructive text-sm">
                  {messageOf(configs.error, 'Failed to load deployment configurations')}
                </p>
              ) : configs.isPending ? (
                <p className="text-muted-foreground text-sm">Loading configurations...</p>
              ) : (
                <SavedConfigs
                  projectId={projectId}
                  configs={configs.data}
                  deployments={deployments.data ?? []}
                />
              )}
            </section>
            <section aria-labelledby={`${sectionId}-deployments`} className="grid gap-2">
              <h3 id={`${sectionId}-deployments`} className="text-sm font-semibold">
                Deployments
              </h3>
              {deployments.isError ? (
                <p role="alert" className="text-destructive text-sm">
                  {messageOf(deployments.error, 'Failed to load deployments')}
                </p>
              ) : deployments.isPending ? (
                <p className="text-muted-foreground text-sm">Loading deployments...</p>
              ) : (
                <DeploymentsList deployments={deployments.data} />
              )}
            </section>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
