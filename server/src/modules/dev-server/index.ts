// The dev-server module's public entry: Run's long-lived apps, reached through the preview.
import type { RuntimeStatus } from '@kiln/shared';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { defineModule } from '../../lib/kiln-module';
import type { Sandbox } from '../../sandbox/types';
import type { ProjectDatabases } from '../database';
import type { AccessChanges } from '../members';
import type { PackagesDeps } from '../packages';
import { createPreviewLink } from '../preview';
import type { Workspaces } from '../workspaces';
import { DevServers } from './dev-servers';
import { packagesInstaller, projectFileReader } from './install-packages';
import { registerDevServerRoutes } from './routes';
export { DevServers, type DevServerTarget } from './dev-servers';
export type { DevServerDeps } from './dev-server';
export { packagesInstaller, projectFileReader } from './install-packages';
export { registerDevServerRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Projects' running apps (decision 0020), for the preview server's proxy (main.ts). */
    devServers: DevServers;
  }
}

export const devServerModule = defineModule<{
  env: Env;
  db: Database;
  sandbox: Sandbox;
  workspaces: Workspaces;
  projectEnvironment: (projectId: string) => Promise<Record<string, string>>;
  projectDatabases: ProjectDatabases;
  packages: PackagesDeps;
  runtimes: Promise<readonly RuntimeStatus[]>;
  accessChanges: AccessChanges;
  keys: { previewToken: Buffer };
}>({
  name: 'dev-server',
  register(app, context) {
    const { env, db, sandbox } = context;
    const devServers = new DevServers(
      {
        sandbox,
        workspaces: context.workspaces,
        environment: context.projectEnvironment,
        openDatabaseBridge: (projectId) => context.projectDatabases.openBridge(projectId),
        readFile: projectFileReader(db),
        installPackages: packagesInstaller(context.packages),
        runtimes: context.runtimes,
        log: app.log,
      },
      { maxAtOnce: env.DEV_SERVERS_MAX, idleMs: env.DEV_SERVER_IDLE_MINUTES * 60_000 },
    );
    app.decorate('devServers', devServers);
    devServers.endOnAccessLoss(context.accessChanges);
    registerDevServerRoutes(app, {
      db,
      devServers,
      hasSessions: sandbox.openSession !== undefined,
      previewLink: (project) =>
        createPreviewLink({
          key: context.keys.previewToken,
          previewOrigin: env.PREVIEW_ORIGIN,
          project,
        }),
    });
  },
});
