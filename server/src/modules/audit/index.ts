// The audit module's public entry: the writer every module calls where a fact happens, and the
// retention job (the administrators' list is the admin module's).
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job';
import { defineModule } from '../../lib/kiln-module';
import { AUDIT_RETENTION_INTERVAL_MS, createAuditRetentionJob } from './jobs';
export { recordAudit, type AuditEntry, type AuditOrigin } from './record';
export { AUDIT_RETENTION_INTERVAL_MS, createAuditRetentionJob } from './jobs';

export const auditModule = defineModule<{ env: Env; db: Database; jobs: JobQueue }>({
  name: 'audit',
  async register(_app, { env, db, jobs }) {
    const retention = createAuditRetentionJob({ db, retentionDays: env.AUDIT_RETENTION_DAYS });
    jobs.register(retention);
    await jobs.every(retention, {}, AUDIT_RETENTION_INTERVAL_MS);
  },
});
