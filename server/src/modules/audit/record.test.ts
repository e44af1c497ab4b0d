import type { EnvVar } from '@kiln/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { auditRows } from './test-audit';

describe('recordAudit', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'error' },
      { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('logs a failed write and lets the request that did the work succeed', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, 'Audit down');
    // The table is away: every audit write fails the way a lost connection would.
    await t.database.db.execute(sql`alter table audit_events rename to audit_events_away`);
    let created;
    try {
      created = await owner.client.post('/api/env-vars', {
        projectId: project.id,
        key: 'STILL_SAVED',
        value: 'value-of-a-failed-audit',
      });
    } finally {
      await t.database.db.execute(sql`alter table audit_events_away rename to audit_events`);
    }
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await owner.client.get(`/api/env-vars/${project.id}`)).json<EnvVar[]>();
    expect(listed.map((variable) => variable.key)).toEqual(['STILL_SAVED']);
    expect(await auditRows(t.database, 'env_var.created', { projectId: project.id })).toEqual([]);

    const failure = logLines
      .map((line) => JSON.parse(line) as { msg?: string; auditAction?: string; level: number })
      .find((entry) => entry.auditAction === 'env_var.created');
    expect(failure).toMatchObject({
      level: 50,
      msg: 'could not record an audit entry; the action itself went through',
    });
    expect(logLines.join('\n')).not.toContain('value-of-a-failed-audit');
  });
});
