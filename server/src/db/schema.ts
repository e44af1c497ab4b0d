// Every table of the application database, gathered for drizzle-kit (drizzle.config.ts) and the
// typed client (db/client.ts). Each module keeps its own in its tables.ts, the job queue in
// jobs/tables.ts; a module reads another's through that module's tables.ts, never through here.
export * from '../modules/users/tables';
export * from '../modules/auth/tables';
export * from '../modules/projects/tables';
export * from '../modules/members/tables';
export * from '../modules/files/tables';
export * from '../modules/uploads/tables';
export * from '../modules/billing/tables';
export * from '../modules/ai/tables';
export * from '../jobs/tables';
export * from '../modules/env-vars/tables';
export * from '../modules/packages/tables';
export * from '../modules/git-sync/tables';
export * from '../modules/agents/tables';
export * from '../modules/deployment/tables';
export * from '../modules/audit/tables';
