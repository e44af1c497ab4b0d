import { eq } from 'drizzle-orm';
import type { Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../files/tables';
import { projects } from './tables';
import { users } from '../users/tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { multipartBody } from '../../test/multipart';

/**
 * Project names are unique per owner: a name already taken gets " (2)", " (3)"… on creation
 * and on rename alike (PATCH /api/projects/:id), and an empty project takes a folder's files.
 */
describe('project names and folder imports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  const makePro = (userId: string) =>
    t.database.db
      .update(users)
      .set({ subscriptionPlan: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, userId));

  const create = async (client: TestClient, body: Record<string, unknown>) => {
    const response = await client.post('/api/projects', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Project>();
  };

  const rename = (client: TestClient, id: string, name: unknown) =>
    client.patch(`/api/projects/${id}`, { name });

  const namesOf = async (userId: string) =>
    (await t.database.db.select().from(projects).where(eq(projects.ownerId, userId)))
      .map((row) => row.name)
      .sort();

  describe('on creation', () => {
    it('numbers a name the owner already uses, but not one another user has', async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      expect((await create(alice.client, { name: 'web-app' })).name).toBe('web-app');
      expect((await create(alice.client, { name: 'web-app' })).name).toBe('web-app (2)');
      expect((await create(alice.client, { name: 'web-app' })).name).toBe('web-app (3)');
      expect((await create(bob.client, { name: 'web-app' })).name).toBe('web-app');
    });

    it('gives simultaneous creates with one name different names', async () => {
      const { client, user } = await signUp(t.app);
      await makePro(user.id);
      const created = await Promise.all(
        Array.from({ length: 4 }, () => create(client, { name: 'Same' })),
      );
      expect(created.map((project) => project.name).sort()).toEqual([
        'Same',
        'Same (2)',
        'Same (3)',
        'Same (4)',
      ]);
    });
  });

  describe('PATCH /api/projects/:id with a name', () => {
    it('renames, and numbers a name another of the owner’s projects has', async () => {
      const { client, user } = await signUp(t.app);
      const todo = await create(client, { name: 'Todo' });
      const other = await create(client, { name: 'Other' });

      const renamed = await rename(client, other.id, '  Todo  ');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<Project>().name).toBe('Todo (2)');
      expect((await client.get(`/api/projects/${other.id}`)).json<Project>().name).toBe('Todo (2)');
      expect((await client.get(`/api/projects/${todo.id}`)).json()).toEqual(todo);
      expect(await namesOf(user.id)).toEqual(['Todo', 'Todo (2)']);
    });

    it('keeps a project’s own name when it is sent again, and frees the old name', async () => {
      const { client } = await signUp(t.app);
      const first = await create(client, { name: 'Alpha' });
      expect((await rename(client, first.id, 'Alpha')).json<Project>().name).toBe('Alpha');
      expect((await rename(client, first.id, 'Beta')).json<Project>().name).toBe('Beta');
      // "Alpha" is free again.
      expect((await create(client, { name: 'Alpha' })).name).toBe('Alpha');
    });

    it('gives simultaneous renames to one name different names', async () => {
      const { client, user } = await signUp(t.app);
      const [one, two, three] = await Promise.all(
        ['a', 'b', 'c'].map((name) => create(client, { name })),
      );
      const answers = await Promise.all(
        [one, two, three].map((project) => rename(client, project?.id ?? '', 'Shared')),
      );
      expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      expect(await namesOf(user.id)).toEqual(['Shared', 'Shared (2)', 'Shared (3)']);
    });

    it.each([
      ['', 'Name is required'],
      ['   ', 'Name is required'],
      ['x'.repeat(101), 'Name must be at most 100 characters'],
      [42, 'VALIDATION'],
      [null, 'VALIDATION'],
    ])('refuses the name %j with 400 and changes nothing', async (name, message) => {
      const { client } = await signUp(t.app);
      const project = await create(client, { name: 'Kept' });
      const error = expectError(await rename(client, project.id, name), 400, 'VALIDATION_FAILED');
      if (message !== 'VALIDATION') expect(error).toContain(message);
      expect((await client.get(`/api/projects/${project.id}`)).json()).toEqual(project);
    });

    it('answers 401 signed out and 404 to another user, and changes nothing', async () => {
      const owner = await signUp(t.app);
      const stranger = await signUp(t.app);
      const project = await create(owner.client, { name: 'Mine' });
      // The stranger has a project of that name too: no hint leaks either way.
      await create(stranger.client, { name: 'Taken' });

      expectError(await rename(new TestClient(t.app), project.id, 'Anon'), 401, 'UNAUTHENTICATED');
      expectError(await rename(stranger.client, project.id, 'Taken'), 404, 'NOT_FOUND');
      expectError(
        await rename(stranger.client, '00000000-0000-4000-8000-000000000000', 'x'),
        404,
        'NOT_FOUND',
      );
      expect((await owner.client.get(`/api/projects/${project.id}`)).json()).toEqual(project);
      expect(await namesOf(stranger.user.id)).toEqual(['Taken']);
    });
  });

  describe('an empty project for a folder import', () => {
    it('starts with no files and holds exactly the folder’s files once they are uploaded', async () => {
      const { client } = await signUp(t.app);
      const project = await create(client, { name: 'my-folder', empty: true });
      const rows = () => t.database.db.select().from(files).where(eq(files.projectId, project.id));
      expect(await rows()).toHaveLength(0);

      const { body, headers } = multipartBody([
        {
          field: 'files',
          filename: 'index.html',
          contentType: 'text/html',
          content: '<h1>Hi</h1>',
        },
        { field: 'files', filename: 'css/site.css', contentType: 'text/css', content: 'h1{}' },
      ]);
      const upload = await client.post(`/api/files/upload/${project.id}`, body, { headers });
      expect(upload.statusCode, upload.body).toBe(200);
      const stored = await rows();
      expect(
        stored
          .filter((file) => !file.isDirectory)
          .map((file) => file.path)
          .sort(),
      ).toEqual(['css/site.css', 'index.html']);
    });

    it('refuses empty with a template other than blank, and creates nothing', async () => {
      const { client, user } = await signUp(t.app);
      const response = await client.post('/api/projects', {
        name: 'x',
        templateId: 'go-app',
        empty: true,
      });
      const error = expectError(response, 400, 'VALIDATION_FAILED');
      expect(error).toContain('An empty project starts from the blank template');
      expect(await namesOf(user.id)).toEqual([]);
    });
  });
});
