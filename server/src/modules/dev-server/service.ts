import type { DevServerStatus, PreviewLink, SubscriptionPlan } from '@kiln/shared';
import type { Database } from '../../db/client';
import type { ProjectRow } from '../projects/tables';
import { AppError } from '../../lib/app-error';
import { getEditableProject, getReadableProject } from '../projects';
import type { DevServers, DevServerState } from './dev-servers';

export interface DevServerServiceDeps {
  db: Database;
  devServers: DevServers;
  /** Whether this server's sandbox can run sessions (bubblewrap). */
  hasSessions: boolean;
  /**
   * A signed preview link for the project (decision 0005), carrying the access generation read
   * with the access check.
   */
  previewLink: (project: Pick<ProjectRow, 'id' | 'accessGeneration'>) => PreviewLink;
}

type Caller = { userId: string; projectId: string };

export const NEEDS_BUBBLEWRAP =
  'Running an app needs the bubblewrap sandbox, which this server does not have: it runs ' +
  'JavaScript in QuickJS, where there are no servers. Ask the administrator to install ' +
  'bubblewrap on the server (apt-get install bubblewrap) and restart it.';

/** Starts the project's app (or restarts it); answers at once, while it installs and starts. */
export async function startDevServer(
  deps: DevServerServiceDeps & Caller & { plan: SubscriptionPlan; restart: boolean },
): Promise<DevServerStatus> {
  const project = await getEditableProject(deps);
  if (!deps.hasSessions) throw new AppError('SERVICE_UNAVAILABLE', NEEDS_BUBBLEWRAP);
  const state = await deps.devServers.start({
    userId: deps.userId,
    projectId: project.id,
    plan: deps.plan,
    restart: deps.restart,
  });
  return present(deps, project, state);
}

export async function stopDevServer(deps: DevServerServiceDeps & Caller): Promise<DevServerStatus> {
  const project = await getEditableProject(deps);
  return present(deps, project, await deps.devServers.stop(project.id));
}

export async function getDevServerStatus(
  deps: DevServerServiceDeps & Caller,
): Promise<DevServerStatus> {
  const project = await getReadableProject(deps);
  return present(deps, project, deps.devServers.status(project.id));
}

/** The status, with a fresh preview link while the app answers. */
function present(
  deps: Pick<DevServerServiceDeps, 'previewLink'>,
  project: Pick<ProjectRow, 'id' | 'accessGeneration'>,
  state: DevServerState,
): DevServerStatus {
  if (state.state !== 'running') return { ...state, previewUrl: null, previewExpiresAt: null };
  const link = deps.previewLink(project);
  return { ...state, previewUrl: link.url, previewExpiresAt: link.expiresAt };
}
