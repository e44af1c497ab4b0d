import { PLANS, type Project, type ProjectFile, type ProjectStorage } from '@kiln/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { projectRows } from '../../test/project-files';

const GB = 1024 ** 3;
const KB = 1024;

/**
 * The quota by plan, with the product's own limits: a project is brought near its limit by
 * setting its running totals (what writing gigabytes would leave), then written to through the
 * API. storage-quota-writers.test.ts covers each writer against a small server cap.
 */
describe('project storage quota by plan', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    // The first account of an instance is its administrator, who changes plans.
    admin = (await signUp(t.app)).client;
  });
  afterAll(() => t.close());

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: 'Quota', templateId: 'blank' })
    ).json<Project>();
    const created = await owner.client.post('/api/files', {
      projectId: project.id,
      path: 'notes.txt',
      content: 'short',
    });
    expect(created.statusCode, created.body).toBe(201);
    return { ...owner, project, file: created.json<ProjectFile>() };
  }

  /** Stands for a project that holds `bytes` (and `entries`) without writing them. */
  async function holds(projectId: string, totals: { bytes?: number; entries?: number }) {
    await t.database.db
      .update(projects)
      .set({
        ...(totals.bytes === undefined ? {} : { storageBytes: totals.bytes }),
        ...(totals.entries === undefined ? {} : { storageEntries: totals.entries }),
      })
      .where(eq(projects.id, projectId));
  }

  const storageOf = async (client: TestClient, projectId: string) => {
    const response = await client.get(`/api/projects/${projectId}/storage`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProjectStorage>();
  };

  async function setPlan(userId: string, plan: 'free' | 'pro' | 'enterprise') {
    const response = await admin.patch(`/api/admin/users/${userId}`, { subscriptionPlan: plan });
    expect(response.statusCode, response.body).toBe(200);
  }

  describe('GET /api/projects/:id/storage', () => {
    it("answers what the project holds, each file at its stored size, and its plan's limits", async () => {
      const p = await ownerWithProject();
      const rows = await projectRows(t.database, p.project.id);
      const storage = await storageOf(p.client, p.project.id);
      expect(storage).toEqual({
        projectId: p.project.id,
        plan: 'free',
        bytes: {
          used: rows.reduce((sum, row) => sum + row.size, 0),
          limit: PLANS.free.storage.bytes,
          serverLimit: false,
        },
        entries: { used: rows.length, limit: PLANS.free.storage.entries, serverLimit: false },
      });
      expect(storage.bytes.limit).toBe(5 * GB);
    });

    it('is readable by every member, a viewer too; 404 for anyone else, 401 signed out', async () => {
      const p = await ownerWithProject();
      const viewer = await signUp(t.app);
      const added = await p.client.post(`/api/projects/${p.project.id}/members`, {
        email: viewer.email,
        role: 'viewer',
      });
      expect(added.statusCode, added.body).toBe(201);
      expect((await storageOf(viewer.client, p.project.id)).plan).toBe('free');

      const outsider = await signUp(t.app);
      const url = `/api/projects/${p.project.id}/storage`;
      expect(expectError(await outsider.client.get(url), 404, 'NOT_FOUND')).toBe(
        'Project not found',
      );
      expectError(await new TestClient(t.app).get(url), 401, 'UNAUTHENTICATED');
      expectError(await p.client.get('/api/projects/not-a-project/storage'), 404, 'NOT_FOUND');
    });
  });

  describe('a Free project at its limit', () => {
    it('refuses a save past it with the usage, the limit, the plan and what to do, and keeps the file', async () => {
      const p = await ownerWithProject();
      const before = await storageOf(p.client, p.project.id);
      await holds(p.project.id, { bytes: 5 * GB - 3 * KB });
      const refused = await p.client.patch(`/api/files/${p.file.id}`, {
        content: 'x'.repeat(10 * KB),
      });
      expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(
        'This change needs 10 KB but the project has 3 KB left of its 5 GB (Free plan). ' +
          'Delete files or upgrade to Pro.',
      );
      const [file] = (await projectRows(t.database, p.project.id)).filter(
        (row) => row.path === 'notes.txt',
      );
      expect(file).toMatchObject({ content: 'short', version: 1 });
      expect((await storageOf(p.client, p.project.id)).bytes.used).toBe(5 * GB - 3 * KB);
      expect(before.bytes.used).toBeLessThan(3 * KB);

      // What fits is saved.
      const fits = await p.client.patch(`/api/files/${p.file.id}`, { content: 'x'.repeat(KB) });
      expect(fits.statusCode, fits.body).toBe(200);
    });

    it("tells an editor to ask the project's owner to upgrade", async () => {
      const p = await ownerWithProject();
      const editor = await signUp(t.app);
      await p.client.post(`/api/projects/${p.project.id}/members`, {
        email: editor.email,
        role: 'editor',
      });
      await holds(p.project.id, { bytes: 5 * GB });
      const refused = await editor.client.post('/api/files', {
        projectId: p.project.id,
        path: 'more.txt',
        content: 'x'.repeat(2 * KB),
      });
      expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(
        'This change needs 2 KB but the project has no room left: it holds 5 GB of its 5 GB ' +
          "(Free plan). Delete files, or ask the project's owner to upgrade to Pro.",
      );
      expect((await projectRows(t.database, p.project.id)).map((row) => row.path)).not.toContain(
        'more.txt',
      );
    });

    it('counts folders: a file in a new folder needs two of the 20,000 files and folders', async () => {
      const p = await ownerWithProject();
      await holds(p.project.id, { entries: 19_999 });
      const refused = await p.client.post('/api/files', {
        projectId: p.project.id,
        path: 'src/app.js',
        content: '',
      });
      expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(
        'This change adds 2 files and folders but the project has room for 1 more of its ' +
          '20,000 (Free plan). Delete files or upgrade to Pro.',
      );
      const folder = await p.client.post('/api/files', {
        projectId: p.project.id,
        path: 'src',
        isDirectory: true,
      });
      expect(folder.statusCode, folder.body).toBe(201);
      expect((await storageOf(p.client, p.project.id)).entries.used).toBe(20_000);
    });
  });

  it('takes the write once the owner moves to Pro, and holds Pro to its own 50 GB', async () => {
    const p = await ownerWithProject();
    await holds(p.project.id, { bytes: 5 * GB });
    const save = (bytes: number) =>
      p.client.patch(`/api/files/${p.file.id}`, { content: 'x'.repeat(bytes) });
    expectError(await save(4 * KB), 403, 'PLAN_LIMIT');

    await setPlan(p.user.id, 'pro');
    expect((await save(4 * KB)).statusCode).toBe(200);
    const storage = await storageOf(p.client, p.project.id);
    expect(storage).toMatchObject({ plan: 'pro', bytes: { limit: 50 * GB, serverLimit: false } });
    expect(storage.entries.limit).toBe(PLANS.pro.storage.entries);

    await holds(p.project.id, { bytes: 50 * GB - KB });
    expect(expectError(await save(8 * KB), 403, 'PLAN_LIMIT')).toContain(
      'left of its 50 GB (Pro plan). Delete files or upgrade to Enterprise.',
    );
  });

  it('caps an Enterprise project too, with nothing to upgrade to', async () => {
    const p = await ownerWithProject();
    await setPlan(p.user.id, 'enterprise');
    await holds(p.project.id, { bytes: PLANS.enterprise.storage.bytes });
    const refused = await p.client.patch(`/api/files/${p.file.id}`, { content: 'x'.repeat(KB) });
    expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(
      'This change needs 1,019 bytes but the project has no room left: it holds 100 GB of its ' +
        '100 GB (Enterprise plan). Delete files to make room.',
    );
  });

  it('lets a project over its limit (after a downgrade) delete and shrink, never grow', async () => {
    const p = await ownerWithProject();
    const big = await p.client.post('/api/files', {
      projectId: p.project.id,
      path: 'big.txt',
      content: 'x'.repeat(8 * KB),
    });
    const bigFile = big.json<ProjectFile>();
    await holds(p.project.id, { bytes: 5 * GB + 100 * KB });

    const shrunk = await p.client.patch(`/api/files/${bigFile.id}`, { content: 'x'.repeat(KB) });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    const deleted = await p.client.delete(`/api/files/${p.file.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const renamed = await p.client.patch(`/api/files/${bigFile.id}`, { path: 'renamed.txt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await storageOf(p.client, p.project.id)).bytes.used).toBe(
      5 * GB + 100 * KB - 7 * KB - 'short'.length,
    );

    const grown = await p.client.patch(`/api/files/${bigFile.id}`, {
      content: 'x'.repeat(2 * KB),
    });
    expect(expectError(grown, 403, 'PLAN_LIMIT')).toMatch(
      /no room left: it holds 5 GB of its 5 GB/,
    );
  });

  it('deletes a project with its files: the running totals do not stand in the way', async () => {
    const p = await ownerWithProject();
    const deleted = await p.client.delete(`/api/projects/${p.project.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [left] = await t.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(projects)
      .where(eq(projects.id, p.project.id));
    expect(left?.total).toBe(0);
  });
});
