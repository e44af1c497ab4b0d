// The exec module's public entry: running a project's file in the sandbox.
import type { RuntimeStatus } from '@kiln/shared';
import type { Database } from '../../db/client';
import { defineModule } from '../../lib/kiln-module';
import type { RunQueue } from '../../sandbox/run-queue';
import type { Sandbox } from '../../sandbox/types';
import type { ProjectDatabases } from '../database';
import type { Workspaces } from '../workspaces';
import { registerExecRoutes } from './routes';
export * from './service';

export const execModule = defineModule<{
  db: Database;
  sandbox: Sandbox;
  runQueue: RunQueue;
  projectEnvironment: (projectId: string) => Promise<Record<string, string>>;
  workspaces: Workspaces;
  runtimes: Promise<readonly RuntimeStatus[]>;
  projectDatabases: ProjectDatabases;
}>({
  name: 'exec',
  register(app, context) {
    registerExecRoutes(app, {
      db: context.db,
      sandbox: context.sandbox,
      queue: context.runQueue,
      environment: context.projectEnvironment,
      workspaceFolder: (projectId) => context.workspaces.folderOf(projectId),
      runtimes: context.runtimes,
      openDatabaseBridge: (projectId) => context.projectDatabases.openBridge(projectId),
    });
  },
});
