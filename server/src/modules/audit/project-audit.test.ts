import type { DeploymentConfig, EnvVar } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  DEPLOY_STAND_IN_KEY,
  startDeployStandIn,
  type DeployStandIn,
} from '../../test/deploy-stand-ins';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';
import { auditRows, deployPlatformsAt, onlyAuditRow } from './test-audit';

describe("audit entries of a project's members, variables and deploys", () => {
  let t: TestApp;
  let standIn: DeployStandIn;
  beforeAll(async () => {
    standIn = await startDeployStandIn();
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...deployPlatformsAt(standIn.url),
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Audit ${Math.random()}`);
    return { ...owner, project };
  }

  describe('members', () => {
    it('records an invitation, a role change and a removal, each by the owner', async () => {
      const { client, user, project } = await ownerWithProject();
      const member = await signUp(t.app);
      const membersUrl = `/api/projects/${project.id}/members`;
      expect((await client.post(membersUrl, { email: member.email })).statusCode).toBe(201);
      const patched = await client.patch(`${membersUrl}/${member.user.id}`, { role: 'viewer' });
      expect(patched.statusCode).toBe(200);
      expect((await client.delete(`${membersUrl}/${member.user.id}`)).statusCode).toBe(200);

      const about = { projectId: project.id, targetId: member.user.id };
      const byOwner = { actorId: user.id, targetType: 'user' };
      expect(await onlyAuditRow(t.database, 'member.invited', about)).toMatchObject({
        ...byOwner,
        details: { email: member.email, role: 'editor' },
      });
      expect(await onlyAuditRow(t.database, 'member.role_changed', about)).toMatchObject({
        ...byOwner,
        details: { role: 'viewer' },
      });
      expect(await onlyAuditRow(t.database, 'member.removed', about)).toMatchObject({
        ...byOwner,
        details: { left: false },
      });
    });

    it('records no role change when the member already has the role asked for', async () => {
      const { client, project } = await ownerWithProject();
      const member = await signUp(t.app);
      const membersUrl = `/api/projects/${project.id}/members`;
      expect((await client.post(membersUrl, { email: member.email })).statusCode).toBe(201);
      const setRole = async (role: 'editor' | 'viewer') => {
        const patched = await client.patch(`${membersUrl}/${member.user.id}`, { role });
        expect(patched.statusCode, patched.body).toBe(200);
      };
      const roleChanges = async () =>
        (await auditRows(t.database, 'member.role_changed', { projectId: project.id })).map(
          (row) => row.details,
        );

      await setRole('editor');
      expect(await roleChanges()).toEqual([]);
      await setRole('viewer');
      await setRole('viewer');
      expect(await roleChanges()).toEqual([{ role: 'viewer' }]);
      await setRole('editor');
      expect(await roleChanges()).toEqual([{ role: 'viewer' }, { role: 'editor' }]);
    });

    it('records a member who leaves as a removal by themselves', async () => {
      const { client, project } = await ownerWithProject();
      const member = await signUp(t.app);
      await client.post(`/api/projects/${project.id}/members`, { email: member.email });
      const left = await member.client.delete(
        `/api/projects/${project.id}/members/${member.user.id}`,
      );
      expect(left.statusCode).toBe(200);
      expect(
        await onlyAuditRow(t.database, 'member.removed', { projectId: project.id }),
      ).toMatchObject({
        actorId: member.user.id,
        targetId: member.user.id,
        details: { left: true },
      });
    });

    it('records nothing when a stranger or a member without the right is refused', async () => {
      const { client, project } = await ownerWithProject();
      const member = await signUp(t.app);
      const stranger = await signUp(t.app);
      await client.post(`/api/projects/${project.id}/members`, { email: member.email });
      const membersUrl = `/api/projects/${project.id}/members`;
      expect((await stranger.client.post(membersUrl, { email: stranger.email })).statusCode).toBe(
        404,
      );
      expect(
        (await member.client.patch(`${membersUrl}/${member.user.id}`, { role: 'viewer' }))
          .statusCode,
      ).toBe(403);
      expect((await client.post(membersUrl, { email: 'not-an-email' })).statusCode).toBe(400);
      expect(await auditRows(t.database, 'member.invited', { projectId: project.id })).toHaveLength(
        1,
      );
      expect(await auditRows(t.database, 'member.role_changed', { projectId: project.id })).toEqual(
        [],
      );
    });
  });

  describe('environment variables', () => {
    it('records a variable created, changed and deleted, by its name alone', async () => {
      const { client, user, project } = await ownerWithProject();
      const set = (value: string) =>
        client.post('/api/env-vars', { projectId: project.id, key: 'API_TOKEN', value });
      expect((await set('first-value-1')).statusCode).toBe(201);
      expect((await set('second-value-2')).statusCode).toBe(200);
      const [variable] = (await client.get(`/api/env-vars/${project.id}`)).json<EnvVar[]>();
      expect((await client.delete(`/api/env-vars/${variable!.id}`)).statusCode).toBe(200);

      const about = { projectId: project.id, targetId: 'API_TOKEN' };
      for (const action of ['env_var.created', 'env_var.updated', 'env_var.deleted'] as const) {
        expect(await onlyAuditRow(t.database, action, about)).toMatchObject({
          actorId: user.id,
          targetType: 'env_var',
          details: {},
        });
      }
    });

    it("records nothing for a refused change to someone else's variables", async () => {
      const { client, project } = await ownerWithProject();
      const stranger = await signUp(t.app);
      const created = await client.post('/api/env-vars', {
        projectId: project.id,
        key: 'OWNED',
        value: 'v',
      });
      const refused = await stranger.client.post('/api/env-vars', {
        projectId: project.id,
        key: 'INTRUDER',
        value: 'v',
      });
      expect(refused.statusCode).toBe(404);
      const refusedDelete = await stranger.client.delete(
        `/api/env-vars/${created.json<EnvVar>().id}`,
      );
      expect(refusedDelete.statusCode).toBe(404);
      expect(
        await auditRows(t.database, 'env_var.created', { projectId: project.id }),
      ).toHaveLength(1);
      expect(await auditRows(t.database, 'env_var.deleted', { projectId: project.id })).toEqual([]);
    });
  });

  describe('deploys', () => {
    it('records a configuration saved and deleted, and a deploy started, never the key', async () => {
      const { client, user, project } = await ownerWithProject();
      const saved = await client.post(`/api/deployment/configs/${project.id}`, {
        platform: 'vercel',
        apiKey: DEPLOY_STAND_IN_KEY,
        projectName: 'audited-site',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const started = await client.post('/api/deployment/deploy', {
        projectId: project.id,
        platform: 'vercel',
      });
      expect(started.statusCode, started.body).toBe(202);
      await t.settled();
      const config = saved.json<DeploymentConfig>();
      const removed = await client.delete(`/api/deployment/configs/${project.id}/${config.id}`);
      expect(removed.statusCode).toBe(200);

      const about = { projectId: project.id, targetId: 'vercel' };
      const byOwner = { actorId: user.id, targetType: 'deploy_config' };
      const savedRow = await onlyAuditRow(t.database, 'deploy.config_saved', about);
      expect(savedRow).toMatchObject({ ...byOwner, details: { projectName: 'audited-site' } });
      expect(await onlyAuditRow(t.database, 'deploy.started', about)).toMatchObject({
        ...byOwner,
        details: { deploymentId: started.json<{ id: string }>().id },
      });
      expect(await onlyAuditRow(t.database, 'deploy.config_deleted', about)).toMatchObject({
        ...byOwner,
        details: {},
      });
      // Not even the last characters the Deploy dialog shows.
      expect(JSON.stringify(savedRow)).not.toContain(DEPLOY_STAND_IN_KEY.slice(-4));
    });

    it('records nothing for a refused configuration', async () => {
      const { client, project } = await ownerWithProject();
      const stranger = await signUp(t.app);
      const body = { platform: 'netlify', apiKey: 'k', projectName: 'site' };
      const refused = await stranger.client.post(`/api/deployment/configs/${project.id}`, body);
      expect(refused.statusCode).toBe(404);
      const invalid = await client.post(`/api/deployment/configs/${project.id}`, {
        ...body,
        projectName: 'Not A Name',
      });
      expect(invalid.statusCode).toBe(400);
      expect(await auditRows(t.database, 'deploy.config_saved', { projectId: project.id })).toEqual(
        [],
      );
    });
  });
});
