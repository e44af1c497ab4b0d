import { DevServerStatusSchema, type DevServerStatus } from '@kiln/shared';
import { apiJson } from '../../lib/request';

/** GET /api/projects/{id}/dev-server: where the project's app stands. */
export const devServerQueryKey = (projectId: string) =>
  ['/api/projects', projectId, 'dev-server'] as const;

export async function readDevServerStatus(projectId: string): Promise<DevServerStatus> {
  return DevServerStatusSchema.parse(
    await apiJson<unknown>('GET', `/api/projects/${projectId}/dev-server`),
  );
}

/** POST: starts the app (a running one stays as it is, unless `restart`). */
export async function startDevServer(
  projectId: string,
  options: { restart?: boolean } = {},
): Promise<DevServerStatus> {
  return DevServerStatusSchema.parse(
    await apiJson<unknown>('POST', `/api/projects/${projectId}/dev-server`, {
      restart: options.restart ?? false,
    }),
  );
}

/** DELETE: stops the app. */
export async function stopDevServer(projectId: string): Promise<DevServerStatus> {
  return DevServerStatusSchema.parse(
    await apiJson<unknown>('DELETE', `/api/projects/${projectId}/dev-server`),
  );
}

/** The app's log as Server-Sent Events: its output so far, then as it prints, and each state. */
export const devServerLogUrl = (projectId: string) => `/api/projects/${projectId}/dev-server/logs`;
