// The audit module's public entry: the writer every module calls where a fact happens, the
// administrators' list, and the retention job.
export { recordAudit, type AuditEntry, type AuditOrigin } from './record';
export { registerAuditRoutes } from './routes';
export { AUDIT_RETENTION_INTERVAL_MS, createAuditRetentionJob } from './jobs';
