// The database module's public entry: each project's own database, for the SQL runner and, through
// a bridge, for the programs a run or a session starts.
export { createProjectDatabases, type ProjectDatabases } from './project-databases';
export { DATABASE_BRIDGE_PORT } from './database-bridge';
export { registerDatabaseRoutes } from './routes';
export { registerDatabaseCleanup } from './cleanup';
