// The database module's public entry: each project's own database, for the SQL runner.
export { createProjectDatabases, type ProjectDatabases } from './project-databases';
export { registerDatabaseRoutes } from './routes';
export { registerDatabaseCleanup } from './cleanup';
