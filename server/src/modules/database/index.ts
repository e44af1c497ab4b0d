// The database module's public entry: each project's own database, for the SQL runner and, through
// a bridge, for the programs a run or a session starts.
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import { registerDatabaseCleanup } from './cleanup';
import type { ProjectDatabases } from './project-databases';
import { registerDatabaseRoutes } from './routes';
export { createProjectDatabases, type ProjectDatabases } from './project-databases';
export { DATABASE_BRIDGE_PORT } from './database-bridge';
export { registerDatabaseRoutes } from './routes';
export { registerDatabaseCleanup } from './cleanup';

export const databaseModule = defineModule<{
  db: Database;
  jobs: JobQueue;
  projectDatabases: ProjectDatabases;
}>({
  name: 'database',
  async register(app, { db, jobs, projectDatabases }) {
    registerDatabaseRoutes(app, { db, databases: projectDatabases });
    await registerDatabaseCleanup(app, { db, databases: projectDatabases, jobs });
  },
});
