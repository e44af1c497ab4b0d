import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { startDeployStandIn, type DeployStandIn } from '../../test/deploy-stand-ins';
import { signUp } from '../../test/factories';
import { LOCAL_GIT_HOSTS, startGitServer, type GitServer } from '../../test/git-server';
import { connectedOwner } from '../../test/git-sync';
import { allAuditText, auditRows, deployPlatformsAt, readAuditLog } from './test-audit';

/**
 * The audit log records that a secret was set, changed or removed, and never the secret: not in
 * any column of any row, and not in what administrators are shown (docs/security.md, "The audit log").
 */
describe('the audit log never holds a secret', () => {
  const ENV_VALUE = 'env-value-5f1d0c9e-never-in-the-audit-log';
  const DEPLOY_KEY = 'deploy-key-8c2b7a41-never-in-the-audit-log';
  const GIT_TOKEN = 'git-token-3e9f6d20-never-in-the-audit-log';
  const PASSWORD = 'password-71a4b3c8-never-in-the-audit-log';

  let t: TestApp;
  let git: GitServer;
  let deploy: DeployStandIn;
  beforeAll(async () => {
    [git, deploy] = await Promise.all([
      startGitServer({ api: 'gitea', token: GIT_TOKEN }),
      startDeployStandIn({ key: DEPLOY_KEY }),
    ]);
    t = await createTestApp({
      ...LOCAL_GIT_HOSTS,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...deployPlatformsAt(deploy.url),
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([git.close(), deploy.close()]);
  });

  it('after an env var value, a deploy key, a Git token and passwords were set', async () => {
    const admin = await signUp(t.app, { password: PASSWORD });
    expect(admin.user.isAdmin).toBe(true);
    const owner = await connectedOwner(t, git);
    const project = await owner.createProject({ 'index.html': '<h1>Secrets</h1>\n' });

    const envVar = { projectId: project.id, key: 'SECRET_VALUE', value: ENV_VALUE };
    expect((await owner.client.post('/api/env-vars', envVar)).statusCode).toBe(201);
    expect(
      (await owner.client.post('/api/env-vars', { ...envVar, value: `${ENV_VALUE}-2` })).statusCode,
    ).toBe(200);
    const saved = await owner.client.post(`/api/deployment/configs/${project.id}`, {
      platform: 'netlify',
      apiKey: DEPLOY_KEY,
      projectName: 'secret-site',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = await owner.client.post('/api/deployment/deploy', {
      projectId: project.id,
      platform: 'netlify',
    });
    expect(started.statusCode, started.body).toBe(202);
    await t.settled();
    const wrong = await new TestClient(t.app).post('/api/auth/login', {
      email: admin.email,
      password: `${PASSWORD}-wrong`,
    });
    expect(wrong.statusCode).toBe(401);

    // Each of those was recorded: the test looks where the secrets would be.
    for (const action of [
      'env_var.created',
      'env_var.updated',
      'deploy.config_saved',
      'deploy.started',
      'git.connected',
      'auth.sign_in_failed',
    ] as const) {
      expect((await auditRows(t.database, action)).length, action).toBeGreaterThan(0);
    }

    const stored = await allAuditText(t.database);
    const shown = JSON.stringify(await readAuditLog(admin.client, 'limit=100'));
    for (const secret of [ENV_VALUE, DEPLOY_KEY, GIT_TOKEN, PASSWORD]) {
      expect(stored).not.toContain(secret);
      expect(shown).not.toContain(secret);
    }
  });
});
