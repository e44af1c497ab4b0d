import { DEPLOY_PLATFORM_NAMES, type Deployment } from '@kiln/shared';
import { ExternalLink } from 'lucide-react';
import { DeploymentStatusBadge } from './deployment-status';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The project's deployments, newest first: status, the site's address once ready, or why not. */
export function DeploymentsList({ deployments }: { deployments: Deployment[] }) {
  if (deployments.length === 0) {
    return <p className="text-muted-foreground text-sm">No deployments yet.</p>;
  }
  return (
    <ul aria-label="Deployments" className="grid max-h-56 gap-2 overflow-y-auto">
      {deployments.map((deployment) => (
        <li
          key={deployment.id}
          data-testid="deployment"
          className="grid gap-1 rounded-md border p-3 text-sm"
        >
          <div className="flex items-center gap-2">
            <span className="font-medium">{DEPLOY_PLATFORM_NAMES[deployment.platform]}</span>
            <DeploymentStatusBadge status={deployment.status} />
            <time className="text-muted-foreground ml-auto text-xs" dateTime={deployment.createdAt}>
              {timeFormat.format(new Date(deployment.createdAt))}
            </time>
          </div>
          {deployment.status === 'ready' && deployment.url ? (
            <a
              href={deployment.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary-tint-foreground inline-flex min-w-0 items-center gap-1 underline-offset-4 hover:underline"
            >
              <span className="truncate">{deployment.url}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden />
            </a>
          ) : null}
          {deployment.status === 'error' && deployment.error ? (
            <p className="text-destructive break-words">{deployment.error}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
