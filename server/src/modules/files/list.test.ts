import type { Project, ProjectFile } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { fileUpload, multipartBody } from '../../test/multipart';
import { UPLOAD_URL } from '../../test/uploads';
import { buildZip } from '../../test/zips';
import {
  PNG,
  createFile,
  createProject,
  expectFileEntry,
  expectProjectFile,
} from '../../test/project-files';

// The public `GET /api/files/{projectId}` answers every file with its content; the editor's
// `GET /api/files/{projectId}/entries` answers the same files without it
// (docs/decisions/0008-file-list-without-content.md).
describe('the two file lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  async function ownerWithProject() {
    const { client } = await signUp(t.app);
    const project = await createProject(client);
    return { client, project };
  }

  /** The public list: each file with exactly the fields of ProjectFileSchema. */
  const specList = async (client: TestClient, projectId: string) => {
    const response = await client.get(`/api/files/${projectId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<unknown[]>().map(expectProjectFile);
  };

  /** The editor's list: each file with exactly the fields of ProjectFileEntrySchema. */
  const entries = async (client: TestClient, projectId: string) => {
    const response = await client.get(`/api/files/${projectId}/entries`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<unknown[]>().map(expectFileEntry);
  };

  /**
   * The public list, after proving it agrees with the other answers: the editor's list is the
   * same files in the same order without content, and each file is what the single-file answer
   * (`/content`, the file being opened) gives, binary files included.
   */
  async function listed(client: TestClient, projectId: string): Promise<ProjectFile[]> {
    const files = await specList(client, projectId);
    const withoutContent = files.map(({ content, ...entry }) => {
      void content;
      return entry;
    });
    expect(await entries(client, projectId)).toEqual(withoutContent);
    for (const file of files.filter((item) => !item.isDirectory)) {
      const one = await client.get(
        `/api/files/${projectId}/content?path=${encodeURIComponent(file.path)}`,
      );
      expect(one.statusCode, one.body).toBe(200);
      expect(file).toEqual(expectProjectFile(one.json()));
    }
    return files;
  }

  const contents = (files: ProjectFile[]) =>
    Object.fromEntries(files.map((file) => [file.path, file.content]));

  it('answers every file and folder with every field, content included, in path order', async () => {
    const { client, project } = await ownerWithProject();
    await createFile(client, project.id, 'src/app.js', { content: 'app();\n' });
    const files = await listed(client, project.id);
    expect(files.map((file) => file.path)).toEqual(['README.md', 'index.js', 'src', 'src/app.js']);
    expect(files[3]).toEqual({
      id: expect.any(String),
      projectId: project.id,
      path: 'src/app.js',
      content: 'app();\n',
      isDirectory: false,
      isBinary: false,
      mimeType: 'text/javascript',
      size: 7,
      version: 1,
      updatedAt: expect.any(String),
    });
    expect(files[2]).toMatchObject({ path: 'src', isDirectory: true, content: null });
    expect(files[1]?.content).toContain('Hello');
  });

  it('answers /entries without any content: the same files, in the same order', async () => {
    const { client, project } = await ownerWithProject();
    await createFile(client, project.id, 'docs', { isDirectory: true });
    const { body, headers } = multipartBody([
      { field: 'files', filename: 'logo.png', contentType: 'image/png', content: PNG },
    ]);
    expect(
      (await client.post(`/api/files/upload/${project.id}`, body, { headers })).statusCode,
    ).toBe(200);
    const response = await client.get(`/api/files/${project.id}/entries`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('"content"');
    const lean = response.json<unknown[]>().map(expectFileEntry);
    const full = await listed(client, project.id);
    expect(lean.map((file) => [file.path, file.isDirectory, file.isBinary])).toEqual(
      full.map((file) => [file.path, file.isDirectory, file.isBinary]),
    );
  });

  it('carries the text of a created file, then of each save', async () => {
    const { client, project } = await ownerWithProject();
    const created = await createFile(client, project.id, 'notes.md', { content: '# One' });
    expect(contents(await listed(client, project.id))['notes.md']).toBe('# One');

    const saved = await client.patch(`/api/files/${created.id}`, {
      content: '# Two, Grüße 🔥',
      baseVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await listed(client, project.id)).find((file) => file.id === created.id)).toMatchObject(
      { path: 'notes.md', content: '# Two, Grüße 🔥', version: 2 },
    );

    // A save without a base version (the last write wins) shows too, and so does an empty text.
    await client.patch(`/api/files/${created.id}`, { content: '' });
    expect((await listed(client, project.id)).find((file) => file.id === created.id)).toMatchObject(
      { content: '', version: 3, size: 0 },
    );
  });

  it('carries the text of a renamed file under its new path', async () => {
    const { client, project } = await ownerWithProject();
    const file = await createFile(client, project.id, 'old.js', { content: 'kept();\n' });
    const renamed = await client.patch(`/api/files/${file.id}`, { path: 'lib/new.js' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const files = await listed(client, project.id);
    expect(files.map((item) => item.path)).not.toContain('old.js');
    expect(files.find((item) => item.path === 'lib/new.js')).toMatchObject({
      id: file.id,
      content: 'kept();\n',
      version: 1,
    });
  });

  it('carries the text of the files of a renamed folder under their new paths', async () => {
    const { client, project } = await ownerWithProject();
    await createFile(client, project.id, 'web/app/index.html', { content: '<h1>Hi</h1>' });
    await createFile(client, project.id, 'web/app/css/site.css', { content: 'h1 { color: red }' });
    await createFile(client, project.id, 'web/other.txt', { content: 'stays' });
    const folder = (await specList(client, project.id)).find((file) => file.path === 'web/app')!;
    const renamed = await client.patch(`/api/files/${folder.id}`, { path: 'site' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const files = await listed(client, project.id);
    expect(files.some((file) => file.path.startsWith('web/app'))).toBe(false);
    expect(contents(files)).toMatchObject({
      site: null,
      'site/css': null,
      'site/css/site.css': 'h1 { color: red }',
      'site/index.html': '<h1>Hi</h1>',
      'web/other.txt': 'stays',
    });
  });

  it('carries uploaded text, and null for an uploaded binary file as its single-file answer does', async () => {
    const { client, project } = await ownerWithProject();
    const { body, headers } = multipartBody([
      { field: 'files', filename: 'docs/read me.txt', contentType: 'text/plain', content: 'Hi' },
      { field: 'files', filename: 'img/logo.png', contentType: 'image/png', content: PNG },
      { field: 'files', filename: 'index.js', content: 'replaced();\n' },
    ]);
    const upload = await client.post(`/api/files/upload/${project.id}`, body, { headers });
    expect(upload.statusCode, upload.body).toBe(200);

    const files = await listed(client, project.id);
    expect(contents(files)).toMatchObject({
      'docs/read me.txt': 'Hi',
      'index.js': 'replaced();\n',
      'img/logo.png': null,
    });
    expect(files.find((file) => file.path === 'img/logo.png')).toMatchObject({
      isBinary: true,
      mimeType: 'image/png',
      size: PNG.length,
    });
    // The upload's own answer and the list agree file for file.
    const written = upload.json<ProjectFile[]>();
    for (const file of written) expect(files.find((item) => item.id === file.id)).toEqual(file);
  });

  it('carries the text of every file of a project created from a zip', async () => {
    const { client } = await signUp(t.app);
    const zip = buildZip({
      'my-site/index.html': '<h1>Zipped</h1>',
      'my-site/css/site.css': 'h1 { color: blue }',
      'my-site/img/logo.png': new Uint8Array(PNG),
    });
    const { body, headers } = fileUpload('my-site.zip', zip, 'application/zip');
    const uploaded = await client.post(UPLOAD_URL, body, { headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const created = await client.post('/api/projects', {
      name: 'my-site',
      zipFiles: [uploaded.json<{ id: string; name: string }>()],
    });
    expect(created.statusCode, created.body).toBe(201);

    const files = await listed(client, created.json<Project>().id);
    expect(contents(files)).toEqual({
      css: null,
      'css/site.css': 'h1 { color: blue }',
      img: null,
      'img/logo.png': null,
      'index.html': '<h1>Zipped</h1>',
    });
    expect(files.find((file) => file.path === 'img/logo.png')?.isBinary).toBe(true);
  });

  it('answers 401 signed out and 404 to another user on both lists, and nothing else', async () => {
    const { client, project } = await ownerWithProject();
    await createFile(client, project.id, 'secret.txt', { content: 'only mine' });
    const { client: stranger } = await signUp(t.app);
    for (const url of [`/api/files/${project.id}`, `/api/files/${project.id}/entries`]) {
      expectError(await new TestClient(t.app).get(url), 401, 'UNAUTHENTICATED');
      const refused = await stranger.get(url);
      expectError(refused, 404, 'NOT_FOUND');
      expect(refused.body).not.toContain('only mine');
    }
  });
});
