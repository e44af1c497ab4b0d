import {
  FILE_LIMITS,
  StaleSaveResponseSchema,
  type InitialFileResponse,
  type Project,
  type ProjectFile,
  type ProjectFileEntry,
} from '@kiln/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { ProjectTextCache } from './text-cache';
import {
  PNG,
  ageProject,
  createFile,
  createProject,
  expectFileEntry,
  expectProjectFile,
  insertRows,
  projectRows,
  projectUpdatedAt,
} from '../../test/project-files';

describe('files API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  /** A fresh owner with a blank project (README.md, index.js). */
  async function ownerWithProject() {
    const { client, user } = await signUp(t.app);
    const project = await createProject(client);
    return { client, user, project };
  }

  /** The editor's lean list (the public list, with content, is tested in list.test.ts). */
  const list = async (client: TestClient, projectId: string) => {
    const response = await client.get(`/api/files/${projectId}/entries`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProjectFileEntry[]>().map(expectFileEntry);
  };

  const contentUrl = (projectId: string, path: string) =>
    `/api/files/${projectId}/content?path=${encodeURIComponent(path)}`;

  /** A file with its content, as the editor opens it. */
  const fileAt = async (client: TestClient, projectId: string, path: string) => {
    const response = await client.get(contentUrl(projectId, path));
    expect(response.statusCode, response.body).toBe(200);
    return expectProjectFile(response.json());
  };

  describe('GET /api/files/:projectId/entries and /raw', () => {
    it('lists every file and folder without content, in path order', async () => {
      const { client, project } = await ownerWithProject();
      await createFile(client, project.id, 'src/app.js', { content: 'app();\n' });
      const files = await list(client, project.id);
      expect(files.map((file) => file.path)).toEqual([
        'README.md',
        'index.js',
        'src',
        'src/app.js',
      ]);
      expect(files[3]).toEqual({
        id: expect.any(String),
        projectId: project.id,
        path: 'src/app.js',
        isDirectory: false,
        isBinary: false,
        mimeType: 'text/javascript',
        size: 7,
        version: 1,
        updatedAt: expect.any(String),
      });
      expect(files[2]).toMatchObject({ isDirectory: true, isBinary: false, size: 0 });
      expect(files.some((file) => 'content' in file)).toBe(false);
    });

    it('lists the folders of a template project as rows that can be renamed', async () => {
      const { client } = await ownerWithProject();
      const created = await client.post('/api/projects', {
        name: 'Vite',
        templateId: 'react-vite',
      });
      expect(created.statusCode, created.body).toBe(201);
      const projectId = created.json<{ id: string }>().id;
      const files = await list(client, projectId);
      const src = files.find((file) => file.path === 'src');
      expect(src?.isDirectory).toBe(true);
      expect(files.find((file) => file.path === 'src/App.tsx')?.isDirectory).toBe(false);

      const renamed = await client.patch(`/api/files/${src!.id}`, { path: 'app' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const paths = (await list(client, projectId)).map((file) => file.path);
      expect(paths).toContain('app/App.tsx');
      expect(paths.some((path) => path.startsWith('src/') || path === 'src')).toBe(false);
    });

    it('lists a binary file without its bytes, which the raw route serves inert', async () => {
      const { client, project } = await ownerWithProject();
      const { body, headers } = multipartBody([
        { field: 'files', filename: 'img/logo.png', contentType: 'image/png', content: PNG },
      ]);
      const upload = await client.post(`/api/files/upload/${project.id}`, body, { headers });
      expect(upload.statusCode, upload.body).toBe(200);

      const logo = await fileAt(client, project.id, 'img/logo.png');
      expect(logo).toMatchObject({
        content: null,
        isBinary: true,
        isDirectory: false,
        mimeType: 'image/png',
        size: PNG.length,
      });

      const raw = await client.get(`/api/files/${project.id}/raw?path=img/logo.png`);
      expect(raw.statusCode).toBe(200);
      expect(raw.rawPayload.equals(PNG)).toBe(true);
      expect(raw.headers['content-type']).toBe('image/png');
      expect(raw.headers['content-disposition']).toBe('inline');
      expect(raw.headers['x-content-type-options']).toBe('nosniff');
      expect(raw.headers['content-security-policy']).toBe('sandbox');
    });

    it('serves a text file raw as UTF-8, and refuses folders, missing files and bad paths', async () => {
      const { client, project } = await ownerWithProject();
      await createFile(client, project.id, 'docs/note.md', { content: 'Grüße 🔥' });
      const raw = await client.get(
        `/api/files/${project.id}/raw?path=${encodeURIComponent('docs/note.md')}`,
      );
      expect(raw.statusCode).toBe(200);
      expect(raw.body).toBe('Grüße 🔥');
      expect(raw.headers['content-type']).toBe('text/markdown; charset=utf-8');

      expectError(
        await client.get(`/api/files/${project.id}/raw?path=docs`),
        400,
        'VALIDATION_FAILED',
      );
      expectError(await client.get(`/api/files/${project.id}/raw?path=nope.md`), 404, 'NOT_FOUND');
      expectError(
        await client.get(`/api/files/${project.id}/raw?path=../etc/passwd`),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('answers 404 for a project id that is not a project', async () => {
      const { client } = await signUp(t.app);
      for (const suffix of ['', '/entries']) {
        expectError(await client.get(`/api/files/not-a-uuid${suffix}`), 404, 'NOT_FOUND');
        expectError(
          await client.get(`/api/files/00000000-0000-4000-8000-000000000000${suffix}`),
          404,
          'NOT_FOUND',
        );
      }
    });
  });

  describe('GET /api/files/:projectId/content', () => {
    it('answers one file with its content and version, by path', async () => {
      const { client, project } = await ownerWithProject();
      const created = await createFile(client, project.id, 'src/a b#%.js', { content: 'a();\n' });
      const file = await fileAt(client, project.id, 'src/a b#%.js');
      expect(file).toEqual(created);
      expect(file).toMatchObject({ content: 'a();\n', version: 1, isBinary: false });

      const saved = await client.patch(`/api/files/${file.id}`, {
        content: 'b();\n',
        baseVersion: 1,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await fileAt(client, project.id, 'src/a b#%.js')).toMatchObject({
        content: 'b();\n',
        version: 2,
      });
    });

    it('answers a binary file without its bytes', async () => {
      const { client, project } = await ownerWithProject();
      const { body, headers } = multipartBody([
        { field: 'files', filename: 'logo.png', contentType: 'image/png', content: PNG },
      ]);
      await client.post(`/api/files/upload/${project.id}`, body, { headers });
      expect(await fileAt(client, project.id, 'logo.png')).toMatchObject({
        content: null,
        isBinary: true,
        size: PNG.length,
      });
    });

    it('refuses folders, missing files and bad paths', async () => {
      const { client, project } = await ownerWithProject();
      await createFile(client, project.id, 'docs', { isDirectory: true });
      expectError(await client.get(contentUrl(project.id, 'docs')), 400, 'VALIDATION_FAILED');
      expectError(await client.get(contentUrl(project.id, 'nope.md')), 404, 'NOT_FOUND');
      expectError(await client.get(contentUrl(project.id, '../x')), 400, 'VALIDATION_FAILED');
      expectError(await client.get(`/api/files/${project.id}/content`), 400, 'VALIDATION_FAILED');
      expectError(
        await client.get(contentUrl('00000000-0000-4000-8000-000000000000', 'index.js')),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('GET /api/files/:projectId/initial', () => {
    const initial = async (client: TestClient, projectId: string) => {
      const response = await client.get(`/api/files/${projectId}/initial`);
      expect(response.statusCode, response.body).toBe(200);
      const { file } = response.json<InitialFileResponse>();
      return file && expectProjectFile(file);
    };

    it('answers the file the editor opens first (spec editor 4), with its content', async () => {
      const { client, project } = await ownerWithProject();
      // The blank template: README.md and index.js, no HTML.
      expect(await initial(client, project.id)).toEqual(
        await fileAt(client, project.id, 'index.js'),
      );
      await createFile(client, project.id, 'docs/page.html', { content: '<p>docs</p>' });
      expect((await initial(client, project.id))?.path).toBe('docs/page.html');
      await createFile(client, project.id, 'about.html', { content: '<p>about</p>' });
      expect(await initial(client, project.id)).toMatchObject({
        path: 'about.html',
        content: '<p>about</p>',
      });
    });

    it('answers null for a project without files', async () => {
      const { client } = await signUp(t.app);
      const created = await client.post('/api/projects', { name: 'Empty' });
      expect(created.statusCode, created.body).toBe(201);
      const projectId = created.json<Project>().id;
      for (const file of await list(client, projectId)) {
        expect((await client.delete(`/api/files/${file.id}`)).statusCode).toBe(200);
      }
      await createFile(client, projectId, 'empty-folder', { isDirectory: true });
      expect(await initial(client, projectId)).toBeNull();
    });
  });

  describe('search cache warm-up', () => {
    afterEach(() => vi.restoreAllMocks());

    it("reads a project's text into the search cache once the editor's list has been sent", async () => {
      const warm = vi.spyOn(ProjectTextCache.prototype, 'warm');
      const { client, project } = await ownerWithProject();
      await createFile(client, project.id, 'notes.txt', { content: 'warm me' });
      await list(client, project.id);
      await vi.waitFor(() => expect(warm).toHaveBeenCalledWith(expect.anything(), project.id));
      await warm.mock.results[0]!.value;
      const cache = warm.mock.contexts[0] as ProjectTextCache;
      expect(cache.keptProjects()).toContain(project.id);

      // The cache never answers stale text: a save after the warm-up is searched as saved.
      const notes = await fileAt(client, project.id, 'notes.txt');
      await client.patch(`/api/files/${notes.id}`, { content: 'cold now', baseVersion: 1 });
      const search = await client.post(`/api/files/search/${project.id}`, { query: 'cold now' });
      expect(search.json<{ filePath: string }[]>().map((result) => result.filePath)).toEqual([
        'notes.txt',
      ]);
    });

    it('does not hold up the list, and does not run for a list the caller may not read', async () => {
      const { client, project } = await ownerWithProject();
      // A warm-up that never ends: the list is still answered.
      const warm = vi
        .spyOn(ProjectTextCache.prototype, 'warm')
        .mockImplementation(() => new Promise(() => undefined));
      expect((await list(client, project.id)).length).toBe(2);
      expect(warm).toHaveBeenCalledTimes(1);

      const { client: stranger } = await signUp(t.app);
      expectError(await stranger.get(`/api/files/${project.id}/entries`), 404, 'NOT_FOUND');
      expectError(
        await new TestClient(t.app).get(`/api/files/${project.id}/entries`),
        401,
        'UNAUTHENTICATED',
      );
      // The public list has just read every text itself; reading it all again would double it.
      expect((await client.get(`/api/files/${project.id}`)).statusCode).toBe(200);
      expect(warm).toHaveBeenCalledTimes(1);
    });
  });

  describe('POST /api/files', () => {
    it('creates a file at version 1 and touches the project', async () => {
      const { client, project } = await ownerWithProject();
      const past = await ageProject(t.database, project.id);
      const response = await client.post('/api/files', {
        projectId: project.id,
        path: 'hello.txt',
        content: 'hi',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(expectProjectFile(response.json())).toMatchObject({
        path: 'hello.txt',
        content: 'hi',
        isDirectory: false,
        isBinary: false,
        mimeType: 'text/plain',
        size: 2,
        version: 1,
      });
      expect((await projectUpdatedAt(t.database, project.id)).getTime()).toBeGreaterThan(
        past.getTime(),
      );
    });

    it('creates an empty file when content is left out (the spec sends it empty)', async () => {
      const { client, project } = await ownerWithProject();
      const file = await createFile(client, project.id, 'empty.js');
      expect(file).toMatchObject({ content: '', size: 0, isDirectory: false });
    });

    it('creates a folder, and the missing folders on the way to a nested path', async () => {
      const { client, project } = await ownerWithProject();
      const folder = await createFile(client, project.id, 'assets', { isDirectory: true });
      expect(folder).toMatchObject({ isDirectory: true, content: null, isBinary: false, size: 0 });
      await createFile(client, project.id, 'src/lib/deep/util.js', { content: 'x' });
      const rows = await projectRows(t.database, project.id);
      expect(rows.filter((row) => row.isDirectory).map((row) => row.path)).toEqual([
        'assets',
        'src',
        'src/lib',
        'src/lib/deep',
      ]);
    });

    it.each([
      ['/etc/passwd', 'path must be relative'],
      ['../secret.txt', 'may not contain empty, "." or ".." segments'],
      ['src/../../x.js', 'may not contain empty, "." or ".." segments'],
      ['src//x.js', 'may not contain empty, "." or ".." segments'],
      ['src/', 'may not contain empty, "." or ".." segments'],
      ['./x.js', 'may not contain empty, "." or ".." segments'],
      ['bad\u0007name.js', 'control characters'],
      ['dir\\x.js', 'backslashes'],
      ['', 'path is required'],
      ['a'.repeat(FILE_LIMITS.pathLength + 1), `at most ${FILE_LIMITS.pathLength} characters`],
      [`${'a'.repeat(FILE_LIMITS.segmentLength + 1)}.js`, 'each part of a path must be at most'],
      [Array.from({ length: FILE_LIMITS.depth + 1 }, () => 'd').join('/'), 'folders deep'],
    ])(
      'refuses the path %j with 400 naming the problem, creating nothing',
      async (path, problem) => {
        const { client, project } = await ownerWithProject();
        const before = await projectRows(t.database, project.id);
        const response = await client.post('/api/files', {
          projectId: project.id,
          path,
          content: '',
        });
        expect(expectError(response, 400, 'VALIDATION_FAILED')).toContain(problem);
        expect(await projectRows(t.database, project.id)).toEqual(before);
      },
    );

    it('answers 409 for a path that exists, as a file, a folder, or a folder implied by its files', async () => {
      const { client, project } = await ownerWithProject();
      await insertRows(t.database, project.id, [{ path: 'lib/util.js', content: 'u' }]);
      await createFile(client, project.id, 'assets', { isDirectory: true });
      const before = await projectRows(t.database, project.id);
      for (const [path, isDirectory] of [
        ['index.js', false],
        ['index.js', true],
        ['assets', false],
        ['lib', true],
        ['lib/util.js', false],
      ] as const) {
        const response = await client.post('/api/files', {
          projectId: project.id,
          path,
          isDirectory,
        });
        expect(expectError(response, 409, 'CONFLICT')).toBe(
          `A file or folder named ${path} already exists`,
        );
      }
      expect(await projectRows(t.database, project.id)).toEqual(before);
    });

    it('answers 409 for a path inside a file', async () => {
      const { client, project } = await ownerWithProject();
      const before = await projectRows(t.database, project.id);
      const response = await client.post('/api/files', {
        projectId: project.id,
        path: 'index.js/b.js',
      });
      expect(expectError(response, 409, 'CONFLICT')).toContain('index.js is a file');
      expect(await projectRows(t.database, project.id)).toEqual(before);
    });

    it('answers 413 naming the limit for text over 5 MB, however large the body', async () => {
      const { client, project } = await ownerWithProject();
      for (const size of [FILE_LIMITS.textBytes + 1, 3 * FILE_LIMITS.textBytes]) {
        const response = await client.post('/api/files', {
          projectId: project.id,
          path: 'big.txt',
          content: 'a'.repeat(size),
        });
        expect(expectError(response, 413, 'PAYLOAD_TOO_LARGE')).toBe(
          'The file is too large: the limit is 5 MB of text',
        );
      }
      expect((await projectRows(t.database, project.id)).map((row) => row.path)).not.toContain(
        'big.txt',
      );
    });

    it('accepts text of exactly 5 MB', async () => {
      const { client, project } = await ownerWithProject();
      const file = await createFile(client, project.id, 'max.txt', {
        content: 'a'.repeat(FILE_LIMITS.textBytes),
      });
      expect(file.size).toBe(FILE_LIMITS.textBytes);
    });

    it('refuses content for a folder, and a missing projectId', async () => {
      const { client, project } = await ownerWithProject();
      expectError(
        await client.post('/api/files', {
          projectId: project.id,
          path: 'dir',
          isDirectory: true,
          content: 'x',
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(
        expectError(await client.post('/api/files', { path: 'x.js' }), 400, 'VALIDATION_FAILED'),
      ).toContain('projectId');
    });
  });

  describe('PATCH /api/files/:id with content', () => {
    it('saves text based on the current version: version + 1, project touched', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const past = await ageProject(t.database, project.id);
      const response = await client.patch(`/api/files/${file.id}`, {
        content: 'console.log(1);\n',
        baseVersion: file.version,
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = expectProjectFile(response.json());
      expect(saved).toMatchObject({
        id: file.id,
        path: 'index.js',
        content: 'console.log(1);\n',
        size: 16,
        version: file.version + 1,
      });
      expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(file.updatedAt));
      expect((await fileAt(client, project.id, 'index.js')).content).toBe('console.log(1);\n');
      expect((await projectUpdatedAt(t.database, project.id)).getTime()).toBeGreaterThan(
        past.getTime(),
      );
    });

    it('refuses a stale save with 409 and the current file, and changes nothing', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      // Another tab saves first.
      const first = await client.patch(`/api/files/${file.id}`, {
        content: 'from tab one',
        baseVersion: file.version,
      });
      expect(first.statusCode).toBe(200);
      const before = await projectRows(t.database, project.id);

      const stale = await client.patch(`/api/files/${file.id}`, {
        content: 'from tab two',
        baseVersion: file.version,
      });
      expect(stale.statusCode, stale.body).toBe(409);
      const body = StaleSaveResponseSchema.parse(stale.json());
      expect(Object.keys(stale.json()).sort()).toEqual(['code', 'current', 'error']);
      expect(body.code).toBe('CONFLICT');
      expect(body.error).toContain('index.js was changed');
      expect(expectProjectFile(body.current)).toMatchObject({
        id: file.id,
        content: 'from tab one',
        version: file.version + 1,
      });
      expect(await projectRows(t.database, project.id)).toEqual(before);
    });

    it('lets exactly one of two saves based on the same version through', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const responses = await Promise.all(
        ['one', 'two', 'three'].map((content) =>
          client.patch(`/api/files/${file.id}`, { content, baseVersion: file.version }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = responses.find((response) => response.statusCode === 200)!;
      const saved = await fileAt(client, project.id, 'index.js');
      expect(saved.content).toBe(winner.json<ProjectFile>().content);
      expect(saved.version).toBe(file.version + 1);
    });

    it('without baseVersion, the last write wins', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      await client.patch(`/api/files/${file.id}`, { content: 'newer', baseVersion: file.version });
      const response = await client.patch(`/api/files/${file.id}`, { content: 'overwrite' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ProjectFile>()).toMatchObject({
        content: 'overwrite',
        version: file.version + 2,
      });
    });

    it('refuses content for a folder or a binary file with 400, changing nothing', async () => {
      const { client, project } = await ownerWithProject();
      const folder = await createFile(client, project.id, 'dir', { isDirectory: true });
      const { body, headers } = multipartBody([
        { field: 'files', filename: 'logo.png', contentType: 'image/png', content: PNG },
      ]);
      await client.post(`/api/files/upload/${project.id}`, body, { headers });
      const logo = await fileAt(client, project.id, 'logo.png');
      const before = await projectRows(t.database, project.id);

      const onFolder = await client.patch(`/api/files/${folder.id}`, { content: 'x' });
      expect(expectError(onFolder, 400, 'VALIDATION_FAILED')).toContain('dir is a folder');
      const onBinary = await client.patch(`/api/files/${logo.id}`, {
        content: 'x',
        baseVersion: logo.version,
      });
      expect(expectError(onBinary, 400, 'VALIDATION_FAILED')).toContain(
        'logo.png is a binary file',
      );
      expect(await projectRows(t.database, project.id)).toEqual(before);
    });

    it('answers 413 for text over 5 MB', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const response = await client.patch(`/api/files/${file.id}`, {
        content: 'b'.repeat(FILE_LIMITS.textBytes + 1),
      });
      expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    });

    it.each([
      [{}, 'Send content or path'],
      [{ content: 'x', path: 'y.js' }, 'not both'],
      [{ path: 'y.js', baseVersion: 1 }, 'baseVersion goes with content'],
      [{ content: 'x', baseVersion: 0 }, 'baseVersion'],
      [{ content: 42 }, 'content'],
    ])('refuses the body %j with 400', async (body, problem) => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const response = await client.patch(`/api/files/${file.id}`, body);
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toContain(problem);
    });

    it('answers 404 for an id that is not a file', async () => {
      const { client } = await signUp(t.app);
      expectError(await client.patch('/api/files/nope', { content: 'x' }), 404, 'NOT_FOUND');
      expectError(
        await client.patch('/api/files/00000000-0000-4000-8000-000000000000', { content: 'x' }),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('PATCH /api/files/:id with path', () => {
    it('renames a file, keeping its id, content and version', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const past = await ageProject(t.database, project.id);
      const response = await client.patch(`/api/files/${file.id}`, { path: 'main.js' });
      expect(response.statusCode, response.body).toBe(200);
      expect(expectProjectFile(response.json())).toMatchObject({
        id: file.id,
        path: 'main.js',
        content: file.content,
        version: file.version,
      });
      const paths = (await list(client, project.id)).map((entry) => entry.path);
      expect(paths).toEqual(['README.md', 'main.js']);
      expect((await projectUpdatedAt(t.database, project.id)).getTime()).toBeGreaterThan(
        past.getTime(),
      );
    });

    it('moves a file into a new folder, creating it', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      await client.patch(`/api/files/${file.id}`, { path: 'src/index.js' });
      expect(
        (await list(client, project.id)).map((entry) => [entry.path, entry.isDirectory]),
      ).toEqual([
        ['README.md', false],
        ['src', true],
        ['src/index.js', false],
      ]);
    });

    it('renames a folder with everything under it, and leaves look-alike paths alone', async () => {
      const { client, project } = await ownerWithProject();
      const folder = await createFile(client, project.id, 'app', { isDirectory: true });
      await createFile(client, project.id, 'app/a.js', { content: 'a' });
      await createFile(client, project.id, 'app/lib/b.js', { content: 'b' });
      await createFile(client, project.id, 'app-old/c.js', { content: 'c' });
      await createFile(client, project.id, 'apple.js', { content: 'd' });
      const before = await projectRows(t.database, project.id);

      const response = await client.patch(`/api/files/${folder.id}`, { path: 'web/app2' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ProjectFile>()).toMatchObject({ id: folder.id, path: 'web/app2' });

      const after = await projectRows(t.database, project.id);
      expect(after.map((row) => row.path)).toEqual([
        'README.md',
        'app-old',
        'app-old/c.js',
        'apple.js',
        'index.js',
        'web',
        'web/app2',
        'web/app2/a.js',
        'web/app2/lib',
        'web/app2/lib/b.js',
      ]);
      // Same rows (ids, contents, versions), new paths.
      const byId = new Map(before.map((row) => [row.id, row]));
      for (const row of after.filter((entry) => entry.path.startsWith('web/app2'))) {
        const old = byId.get(row.id)!;
        expect(row.path).toBe(old.path.replace(/^app/, 'web/app2'));
        expect(row.content).toBe(old.content);
        expect(row.version).toBe(old.version);
      }
    });

    it('renames a folder whose name has characters outside the BMP', async () => {
      const { client, project } = await ownerWithProject();
      const folder = await createFile(client, project.id, '🔥kiln', { isDirectory: true });
      await createFile(client, project.id, '🔥kiln/a.js', { content: 'a' });
      await client.patch(`/api/files/${folder.id}`, { path: 'kiln' });
      expect((await list(client, project.id)).map((entry) => entry.path)).toContain('kiln/a.js');
    });

    it('refuses a destination that exists with 409 and changes nothing', async () => {
      const { client, project } = await ownerWithProject();
      const folder = await createFile(client, project.id, 'a', { isDirectory: true });
      await createFile(client, project.id, 'a/x.js', { content: 'x' });
      await createFile(client, project.id, 'b/y.js', { content: 'y' });
      const readme = await fileAt(client, project.id, 'README.md');
      await insertRows(t.database, project.id, [{ path: 'implied/z.js', content: 'z' }]);
      const before = await projectRows(t.database, project.id);

      for (const path of ['b', 'index.js', 'implied', 'b/y.js']) {
        const response = await client.patch(`/api/files/${folder.id}`, { path });
        expect(expectError(response, 409, 'CONFLICT')).toBe(
          `A file or folder named ${path} already exists`,
        );
      }
      const inside = await client.patch(`/api/files/${readme.id}`, { path: 'index.js/README.md' });
      expect(expectError(inside, 409, 'CONFLICT')).toContain('index.js is a file');
      expect(await projectRows(t.database, project.id)).toEqual(before);
    });

    it('refuses moving a folder into itself with 400 and changes nothing', async () => {
      const { client, project } = await ownerWithProject();
      const folder = await createFile(client, project.id, 'a', { isDirectory: true });
      await createFile(client, project.id, 'a/b/c.js', { content: 'c' });
      const before = await projectRows(t.database, project.id);
      for (const path of ['a/b', 'a/new']) {
        const response = await client.patch(`/api/files/${folder.id}`, { path });
        expect(expectError(response, 400, 'VALIDATION_FAILED')).toContain('into itself');
      }
      expect(await projectRows(t.database, project.id)).toEqual(before);
    });

    it('answers the file unchanged when the path is the same', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const response = await client.patch(`/api/files/${file.id}`, { path: 'index.js' });
      expect(response.statusCode).toBe(200);
      expect(response.json<ProjectFile>()).toEqual(file);
    });

    it('refuses an invalid destination with 400', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const response = await client.patch(`/api/files/${file.id}`, { path: '../index.js' });
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toContain('".."');
    });
  });

  describe('DELETE /api/files/:id', () => {
    it('deletes a file and touches the project', async () => {
      const { client, project } = await ownerWithProject();
      const file = await fileAt(client, project.id, 'index.js');
      const past = await ageProject(t.database, project.id);
      const response = await client.delete(`/api/files/${file.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'File deleted' });
      expect((await list(client, project.id)).map((entry) => entry.path)).toEqual(['README.md']);
      expect((await projectUpdatedAt(t.database, project.id)).getTime()).toBeGreaterThan(
        past.getTime(),
      );
      expectError(await client.delete(`/api/files/${file.id}`), 404, 'NOT_FOUND');
    });

    it('deletes a folder with everything under it, and nothing that only looks alike', async () => {
      const { client, project } = await ownerWithProject();
      const folder = await createFile(client, project.id, 'app', { isDirectory: true });
      await createFile(client, project.id, 'app/a.js', { content: 'a' });
      await createFile(client, project.id, 'app/lib/b.js', { content: 'b' });
      await createFile(client, project.id, 'app-old/c.js', { content: 'c' });
      const response = await client.delete(`/api/files/${folder.id}`);
      expect(response.json()).toEqual({ message: 'Folder deleted' });
      expect((await projectRows(t.database, project.id)).map((row) => row.path)).toEqual([
        'README.md',
        'app-old',
        'app-old/c.js',
        'index.js',
      ]);
    });

    it('answers 404 for an id that is not a file', async () => {
      const { client } = await signUp(t.app);
      expectError(await client.delete('/api/files/nope'), 404, 'NOT_FOUND');
    });
  });

  describe('access', () => {
    let owner: TestClient;
    let project: Project;
    let file: ProjectFileEntry;
    beforeAll(async () => {
      ({ client: owner, project } = await ownerWithProject());
      file = (await list(owner, project.id)).find((entry) => entry.path === 'index.js')!;
    });

    const endpoints = () => {
      const upload = multipartBody([{ field: 'files', filename: 'x.txt', content: 'x' }]);
      return [
        ['GET', `/api/files/${project.id}`, undefined, {}],
        ['GET', `/api/files/${project.id}/entries`, undefined, {}],
        ['GET', `/api/files/${project.id}/raw?path=index.js`, undefined, {}],
        ['GET', `/api/files/${project.id}/content?path=index.js`, undefined, {}],
        ['GET', `/api/files/${project.id}/initial`, undefined, {}],
        ['POST', '/api/files', { projectId: project.id, path: 'x.js' }, {}],
        ['PATCH', `/api/files/${file.id}`, { content: 'stolen', baseVersion: 1 }, {}],
        ['PATCH', `/api/files/${file.id}`, { path: 'moved.js' }, {}],
        ['DELETE', `/api/files/${file.id}`, undefined, {}],
        ['POST', `/api/files/upload/${project.id}`, upload.body, upload.headers],
        ['POST', `/api/files/search/${project.id}`, { query: 'greet' }, {}],
      ] as const;
    };

    it('answers 401 to signed-out callers on every endpoint, even with an invalid body', async () => {
      const anonymous = new TestClient(t.app);
      for (const [method, url, body, headers] of endpoints()) {
        const invalidBody = body === undefined || Buffer.isBuffer(body) ? body : { nonsense: true };
        const response = await anonymous.request(method, url, { body: invalidBody, headers });
        expectError(response, 401, 'UNAUTHENTICATED');
      }
    });

    it("answers 404 to another user on every endpoint and leaves the owner's files alone", async () => {
      const before = await projectRows(t.database, project.id);
      const { client: stranger } = await signUp(t.app);
      for (const [method, url, body, headers] of endpoints()) {
        const response = await stranger.request(method, url, { body, headers });
        expectError(response, 404, 'NOT_FOUND');
      }
      expect(await projectRows(t.database, project.id)).toEqual(before);
    });
  });
});
