import { eq, sql } from 'drizzle-orm';
import { ProjectListSchema, TEMPLATE_CATALOG, type Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../files/tables';
import { projects } from './tables';
import { users } from '../users/tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { fileUpload } from '../../test/multipart';
import { UPLOAD_URL } from '../../test/uploads';
import { buildZip } from '../../test/zips';
import { getTemplate } from '../templates';

const PROJECT_KEYS = [
  'autoSyncEnabled',
  'auto_sync_enabled',
  'createdAt',
  'description',
  'githubOwner',
  'githubRepo',
  'github_branch',
  'github_owner',
  'id',
  'language',
  'last_synced_at',
  'name',
  'starred',
  'sync_interval',
  'tags',
  'updatedAt',
];

describe('projects API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  /** Lifts the Free plan's limit, as an administrator or a Stripe event would. */
  const makePro = (userId: string) =>
    t.database.db
      .update(users)
      .set({ subscriptionPlan: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, userId));

  const create = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/api/projects', body);

  const projectFiles = (projectId: string) =>
    t.database.db.select().from(files).where(eq(files.projectId, projectId));

  describe('POST /api/projects', () => {
    it('creates a project with every field a project takes, both GitHub spellings included', async () => {
      const { client } = await signUp(t.app);
      const response = await create(client, {
        name: 'My App',
        description: 'A todo list',
        language: 'TypeScript',
        tags: ['web', 'demo', 'web'],
      });
      expect(response.statusCode).toBe(201);
      const project = response.json<Project>();
      expect(Object.keys(project).sort()).toEqual(PROJECT_KEYS);
      expect(project).toMatchObject({
        name: 'My App',
        description: 'A todo list',
        language: 'typescript',
        tags: ['web', 'demo'],
        starred: false,
        githubOwner: null,
        githubRepo: null,
        github_owner: null,
        github_branch: 'main',
        last_synced_at: null,
        autoSyncEnabled: false,
        auto_sync_enabled: false,
        sync_interval: 30000,
      });
      expect(Date.parse(project.createdAt)).not.toBeNaN();
    });

    it('defaults to the blank template, and the language to the template language', async () => {
      const { client } = await signUp(t.app);
      const blank = (await create(client, { name: 'Defaults' })).json<Project>();
      expect(blank.language).toBe('javascript');
      const paths = (await projectFiles(blank.id))
        .filter((file) => !file.isDirectory)
        .map((file) => file.path)
        .sort();
      expect(paths).toEqual(
        getTemplate('blank')
          .files.map((file) => file.path)
          .sort(),
      );

      const flask = (
        await create(client, { name: 'Flask', templateId: 'python-flask' })
      ).json<Project>();
      expect(flask.language).toBe('python');
    });

    it.each([
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ name: 'ok', templateId: 'cobol' }, 'templateId is not a known template'],
      [{ name: 'ok', tags: ['x'.repeat(31)] }, 'Each tag must be at most 30 characters'],
      [{ name: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'at most 20 tags'],
      [{ name: 'ok', language: 'java script' }, 'Language may use'],
      [{ name: 'ok', description: 'x'.repeat(2001) }, 'Description must be at most 2000'],
      [
        { name: 'ok', zipFiles: [{ id: 'nope', name: 'a.zip' }] },
        'zipFiles.id must be an upload id',
      ],
    ])('refuses %j with 400 naming the problem, and creates nothing', async (body, message) => {
      const { client, user } = await signUp(t.app);
      const response = await create(client, body);
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json<{ error: string }>().error).toContain(message);
      const rows = await t.database.db.select().from(projects).where(eq(projects.ownerId, user.id));
      expect(rows).toHaveLength(0);
    });

    it('holds a Free account to 3 projects: the fourth answers 403 PLAN_LIMIT', async () => {
      const { client, user } = await signUp(t.app);
      for (const name of ['one', 'two', 'three']) {
        expect((await create(client, { name })).statusCode).toBe(201);
      }
      const fourth = await create(client, { name: 'four' });
      expectError(fourth, 403, 'PLAN_LIMIT');
      expect(fourth.json<{ error: string }>().error).toMatch(/Upgrade to Pro/);
      const rows = await t.database.db.select().from(projects).where(eq(projects.ownerId, user.id));
      expect(rows).toHaveLength(3);
    });

    it('does not let simultaneous creates slip past the Free limit', async () => {
      const { client, user } = await signUp(t.app);
      const results = await Promise.all(
        ['a', 'b', 'c', 'd', 'e'].map((name) => create(client, { name })),
      );
      expect(results.filter((response) => response.statusCode === 201)).toHaveLength(3);
      expect(results.filter((response) => response.statusCode === 403)).toHaveLength(2);
      const rows = await t.database.db.select().from(projects).where(eq(projects.ownerId, user.id));
      expect(rows).toHaveLength(3);
    });

    it('lets Pro accounts go past 3', async () => {
      const { client, user } = await signUp(t.app);
      await makePro(user.id);
      for (const name of ['1', '2', '3', '4', '5']) {
        expect((await create(client, { name })).statusCode).toBe(201);
      }
    });

    it('answers 401 to a signed-out caller, even with a bad body', async () => {
      const client = new TestClient(t.app);
      expectError(await create(client, { name: 'x' }), 401, 'UNAUTHENTICATED');
      expectError(await create(client, {}), 401, 'UNAUTHENTICATED');
    });

    it('copies every file of each of the 13 templates', async () => {
      const { client, user } = await signUp(t.app);
      await makePro(user.id);
      for (const { id } of TEMPLATE_CATALOG) {
        const response = await create(client, { name: `from ${id}`, templateId: id });
        expect(response.statusCode, id).toBe(201);
        const stored = await projectFiles(response.json<Project>().id);
        const expected = getTemplate(id).files.filter((file) => !file.isDirectory);
        const storedFiles = stored.filter((file) => !file.isDirectory);
        expect(storedFiles.map((file) => [file.path, file.content]).sort(), id).toEqual(
          expected.map((file) => [file.path, file.content]).sort(),
        );
        // Every folder on the way to a file has a row of its own, to be renamed or deleted by.
        const folders = new Set(stored.filter((file) => file.isDirectory).map((file) => file.path));
        for (const file of expected) {
          const parts = file.path.split('/').slice(0, -1);
          parts.forEach((_, index) =>
            expect(folders.has(parts.slice(0, index + 1).join('/')), `${id}: ${file.path}`).toBe(
              true,
            ),
          );
        }
      }
    });
  });

  describe('POST /api/projects with zipFiles', () => {
    const uploadZip = async (client: TestClient, name: string, files: Record<string, string>) => {
      const { body, headers } = fileUpload(name, buildZip(files), 'application/zip');
      const response = await client.post(UPLOAD_URL, body, { headers });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string; name: string }>();
    };

    it('creates the files of the zip, without its single top-level folder', async () => {
      const { client } = await signUp(t.app);
      const zip = await uploadZip(client, 'my-site.zip', {
        'my-site/index.html': '<h1>Hi</h1>',
        'my-site/css/site.css': 'h1 { color: red }',
      });
      const response = await create(client, {
        name: 'my-site',
        description: 'Imported from my-site.zip',
        zipFiles: [{ id: zip.id, name: zip.name }],
      });
      expect(response.statusCode).toBe(201);
      const stored = await projectFiles(response.json<Project>().id);
      const byPath = Object.fromEntries(stored.map((file) => [file.path, file.content]));
      expect(byPath['index.html']).toBe('<h1>Hi</h1>');
      expect(byPath['css/site.css']).toBe('h1 { color: red }');
      expect(Object.keys(byPath)).not.toContain('my-site/index.html');
    });

    it("holds exactly the zip's files: no README of the blank template beside the zip's own", async () => {
      const { client } = await signUp(t.app);
      const zip = await uploadZip(client, 'repo.zip', {
        'repo-main/Readme.md': '# Repo',
        'repo-main/src/app.js': 'console.log(1);',
      });
      const response = await create(client, { name: 'repo', zipFiles: [zip] });
      expect(response.statusCode).toBe(201);
      const stored = await projectFiles(response.json<Project>().id);
      expect(stored.map((file) => file.path).sort()).toEqual(['Readme.md', 'src', 'src/app.js']);
    });

    it('keeps a template chosen on purpose, with the zip over it', async () => {
      const { client } = await signUp(t.app);
      const zip = await uploadZip(client, 'extra.zip', { 'index.html': '<h1>Mine</h1>' });
      const response = await create(client, {
        name: 'site',
        templateId: 'html-css',
        zipFiles: [zip],
      });
      const stored = await projectFiles(response.json<Project>().id);
      const byPath = Object.fromEntries(stored.map((file) => [file.path, file.content]));
      expect(byPath['index.html']).toBe('<h1>Mine</h1>');
      expect(Object.keys(byPath)).toContain('styles.css');
    });

    it("refuses another user's upload with 404 and creates nothing", async () => {
      const owner = await signUp(t.app);
      const thief = await signUp(t.app);
      const zip = await uploadZip(owner.client, 'secret.zip', { 'a.txt': 'secret' });
      const response = await create(thief.client, { name: 'stolen', zipFiles: [zip] });
      expectError(response, 404, 'NOT_FOUND');
      const rows = await t.database.db
        .select()
        .from(projects)
        .where(eq(projects.ownerId, thief.user.id));
      expect(rows).toHaveLength(0);
    });
  });

  describe('GET /api/projects', () => {
    it("lists only the caller's projects, most recently updated first", async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const first = (await create(alice.client, { name: 'first' })).json<Project>();
      await create(alice.client, { name: 'second' });
      await create(bob.client, { name: 'bobs' });
      await alice.client.patch(`/api/projects/${first.id}`, { description: 'touched' });

      const response = await alice.client.get('/api/projects');
      expect(response.statusCode).toBe(200);
      expect(response.json<Project[]>().map((project) => project.name)).toEqual([
        'first',
        'second',
      ]);
    });

    it('lists each project exactly as GET /api/projects/:id presents it (decision 0011)', async () => {
      const { client } = await signUp(t.app);
      const plain = (await create(client, { name: 'Plain' })).json<Project>();
      const linked = (await create(client, { name: 'Linked "quoted" \\ name' })).json<Project>();
      await client.patch(`/api/projects/${linked.id}`, { starred: true, tags: ['a', 'é'] });
      // Fields only Git sync sets, and a time with microseconds, as PostgreSQL keeps them.
      await t.database.db
        .update(projects)
        .set({
          githubOwner: 'kiln-dev',
          githubRepo: 'demo',
          githubBranch: 'trunk',
          autoSyncEnabled: true,
          syncIntervalMs: 60_000,
          lastSyncedAt: sql`'2026-01-02T03:04:05.678999Z'::timestamptz`,
        })
        .where(eq(projects.id, linked.id));

      const response = await client.get('/api/projects');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const listed = ProjectListSchema.parse(response.json());
      const single = await Promise.all(
        [linked, plain].map(async (project) =>
          (await client.get(`/api/projects/${project.id}`)).json(),
        ),
      );
      expect(listed).toEqual(single);
      expect(listed[0]).toMatchObject({
        name: 'Linked "quoted" \\ name',
        tags: ['a', 'é'],
        githubOwner: 'kiln-dev',
        github_owner: 'kiln-dev',
        github_branch: 'trunk',
        last_synced_at: '2026-01-02T03:04:05.678Z',
        sync_interval: 60_000,
      });
    });

    it('answers an empty list to a new user and 401 when signed out', async () => {
      const { client } = await signUp(t.app);
      expect((await client.get('/api/projects')).json()).toEqual([]);
      expectError(await new TestClient(t.app).get('/api/projects'), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET, PATCH and DELETE /api/projects/:id', () => {
    it('reads, stars, renames and re-tags the owner’s project', async () => {
      const { client } = await signUp(t.app);
      const project = (await create(client, { name: 'Mine' })).json<Project>();
      expect((await client.get(`/api/projects/${project.id}`)).json()).toEqual(project);

      const starred = await client.patch(`/api/projects/${project.id}`, { starred: true });
      expect(starred.statusCode).toBe(200);
      expect(starred.json<Project>().starred).toBe(true);
      // Starring is not an edit, so the project keeps its place under "Recently Updated".
      expect(starred.json<Project>().updatedAt).toBe(project.updatedAt);

      const renamed = await client.patch(`/api/projects/${project.id}`, {
        name: 'Renamed',
        description: 'new words',
        tags: ['a'],
        language: 'python',
      });
      expect(renamed.json<Project>()).toMatchObject({
        name: 'Renamed',
        description: 'new words',
        tags: ['a'],
        language: 'python',
        starred: true,
      });
      expect(Date.parse(renamed.json<Project>().updatedAt)).toBeGreaterThanOrEqual(
        Date.parse(project.updatedAt),
      );
    });

    it('refuses an empty or invalid change with 400 and changes nothing', async () => {
      const { client } = await signUp(t.app);
      const project = (await create(client, { name: 'Stable' })).json<Project>();
      expectError(await client.patch(`/api/projects/${project.id}`, {}), 400, 'VALIDATION_FAILED');
      expectError(
        await client.patch(`/api/projects/${project.id}`, { starred: 'yes' }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await client.patch(`/api/projects/${project.id}`, { name: '' }),
        400,
        'VALIDATION_FAILED',
      );
      expect((await client.get(`/api/projects/${project.id}`)).json()).toEqual(project);
    });

    it('shows another user a 404 for every verb, and changes nothing', async () => {
      const owner = await signUp(t.app);
      const stranger = await signUp(t.app);
      const project = (await create(owner.client, { name: 'Private' })).json<Project>();
      const url = `/api/projects/${project.id}`;
      expectError(await stranger.client.get(url), 404, 'NOT_FOUND');
      expectError(await stranger.client.patch(url, { starred: true }), 404, 'NOT_FOUND');
      expectError(await stranger.client.delete(url), 404, 'NOT_FOUND');
      expect((await owner.client.get(url)).json()).toEqual(project);
    });

    it('answers 401 signed out and 404 for unknown or malformed ids', async () => {
      const { client } = await signUp(t.app);
      const anonymous = new TestClient(t.app);
      const url = '/api/projects/00000000-0000-4000-8000-000000000000';
      expectError(await anonymous.get(url), 401, 'UNAUTHENTICATED');
      expectError(await anonymous.patch(url, { starred: true }), 401, 'UNAUTHENTICATED');
      expectError(await anonymous.delete(url), 401, 'UNAUTHENTICATED');
      expectError(await client.get(url), 404, 'NOT_FOUND');
      expectError(await client.get('/api/projects/not-a-uuid'), 404, 'NOT_FOUND');
    });

    it('deletes the project with its files, once', async () => {
      const { client } = await signUp(t.app);
      const project = (
        await create(client, { name: 'Doomed', templateId: 'react-vite' })
      ).json<Project>();
      expect((await projectFiles(project.id)).length).toBeGreaterThan(3);

      const response = await client.delete(`/api/projects/${project.id}`);
      expect(response.statusCode).toBe(200);
      expect(await projectFiles(project.id)).toHaveLength(0);
      expectError(await client.get(`/api/projects/${project.id}`), 404, 'NOT_FOUND');
      expectError(await client.delete(`/api/projects/${project.id}`), 404, 'NOT_FOUND');
    });
  });
});
