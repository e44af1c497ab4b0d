// The terminal module's public entry (decision 0016).
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { defineModule } from '../../lib/kiln-module';
import type { Sandbox } from '../../sandbox/types';
import type { ProjectDatabases } from '../database';
import { openProjectRegistryBridge, type RegistryProxy } from '../packages';
import type { Workspaces } from '../workspaces';
import { registerTerminalRoutes } from './routes';
import type { TerminalRegistry } from './terminal-registry';
export { registerTerminalRoutes, type TerminalRouteDeps } from './routes';
export { TerminalRegistry } from './terminal-registry';

export const terminalModule = defineModule<{
  env: Env;
  db: Database;
  sandbox: Sandbox;
  workspaces: Workspaces;
  projectEnvironment: (projectId: string) => Promise<Record<string, string>>;
  registryProxy: RegistryProxy;
  projectDatabases: ProjectDatabases;
  terminals: TerminalRegistry;
}>({
  name: 'terminal',
  register(app, context) {
    const { db, env } = context;
    registerTerminalRoutes(app, {
      db,
      sandbox: context.sandbox,
      workspaces: context.workspaces,
      environment: context.projectEnvironment,
      openRegistryBridge: (projectId) =>
        openProjectRegistryBridge({ db, proxy: context.registryProxy }, projectId),
      openDatabaseBridge: (projectId) => context.projectDatabases.openBridge(projectId),
      registry: context.terminals,
      idleMs: env.TERMINAL_IDLE_MINUTES * 60_000,
      resumeMs: env.TERMINAL_RESUME_SECONDS * 1000,
      publicUrl: env.PUBLIC_URL,
    });
  },
});
