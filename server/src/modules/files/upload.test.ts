import { FILE_LIMITS, type ProjectFile } from '@kiln/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { multipartBody, type MultipartPart } from '../../test/multipart';
import {
  PNG,
  ageProject,
  createFile,
  createProject,
  expectProjectFile,
  projectRows,
  projectUpdatedAt,
} from '../../test/project-files';

describe('POST /api/files/upload/:projectId', () => {
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

  const part = (filename: string, content: MultipartPart['content'], contentType?: string) => ({
    field: 'files',
    filename,
    content,
    ...(contentType ? { contentType } : {}),
  });

  const upload = (client: TestClient, projectId: string, parts: MultipartPart[]) => {
    const { body, headers } = multipartBody(parts);
    return client.post(`/api/files/upload/${projectId}`, body, { headers });
  };

  const written = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProjectFile[]>().map(expectProjectFile);
  };

  /** Sends an upload that must be refused, and proves it wrote nothing. */
  async function expectRefused(
    client: TestClient,
    projectId: string,
    parts: MultipartPart[],
    status: number,
    code: string,
  ) {
    const before = await projectRows(t.database, projectId);
    const message = expectError(await upload(client, projectId, parts), status, code);
    expect(await projectRows(t.database, projectId)).toEqual(before);
    return message;
  }

  it('keeps the structure of a dropped folder: relative paths, folders, text and binary', async () => {
    const { client, project } = await ownerWithProject();
    const past = await ageProject(t.database, project.id);
    const files = written(
      await upload(client, project.id, [
        part('site/index.html', '<h1>Hi</h1>', 'text/html'),
        part('site/css/a.css', 'h1 { color: red; }', 'text/css'),
        part('site/img/logo.png', PNG, 'image/png'),
        part('notes\\todo.txt', 'windows path'),
      ]),
    );
    expect(files.map((file) => file.path)).toEqual([
      'notes/todo.txt',
      'site/css/a.css',
      'site/img/logo.png',
      'site/index.html',
    ]);
    expect(files[1]).toMatchObject({
      content: 'h1 { color: red; }',
      isBinary: false,
      mimeType: 'text/css',
      version: 1,
    });
    expect(files[2]).toMatchObject({
      content: null,
      isBinary: true,
      mimeType: 'image/png',
      size: PNG.length,
    });

    const rows = await projectRows(t.database, project.id);
    expect(rows.map((row) => [row.path, row.isDirectory])).toEqual([
      ['README.md', false],
      ['index.js', false],
      ['notes', true],
      ['notes/todo.txt', false],
      ['site', true],
      ['site/css', true],
      ['site/css/a.css', false],
      ['site/img', true],
      ['site/img/logo.png', false],
      ['site/index.html', false],
    ]);
    const raw = await client.get(`/api/files/${project.id}/raw?path=site/img/logo.png`);
    expect(raw.rawPayload.equals(PNG)).toBe(true);
    expect((await projectUpdatedAt(t.database, project.id)).getTime()).toBeGreaterThan(
      past.getTime(),
    );
  });

  it('overwrites a file of the same path, raising its version, and keeps its id', async () => {
    const { client, project } = await ownerWithProject();
    const [before] = (await projectRows(t.database, project.id)).filter(
      (row) => row.path === 'index.js',
    );
    const [file] = written(await upload(client, project.id, [part('index.js', 'replaced();')]));
    expect(file).toMatchObject({
      id: before!.id,
      path: 'index.js',
      content: 'replaced();',
      version: before!.version + 1,
    });
  });

  it('turns a text file into a binary one when the upload is binary', async () => {
    const { client, project } = await ownerWithProject();
    await createFile(client, project.id, 'pic.png', { content: 'placeholder' });
    const [file] = written(await upload(client, project.id, [part('pic.png', PNG, 'image/png')]));
    expect(file).toMatchObject({ content: null, isBinary: true, version: 2, size: PNG.length });
  });

  it.each([
    ['../evil.txt', '".."'],
    ['/etc/passwd', 'relative'],
    ['site//a.css', 'empty'],
    ['bad\u0001name', 'control characters'],
    [`${'x'.repeat(FILE_LIMITS.segmentLength + 1)}.txt`, 'at most'],
  ])('refuses the whole upload when one path is bad (%j)', async (bad, problem) => {
    const { client, project } = await ownerWithProject();
    const message = await expectRefused(
      client,
      project.id,
      [part('good/a.txt', 'a'), part(bad, 'evil'), part('good/b.txt', 'b')],
      400,
      'VALIDATION_FAILED',
    );
    expect(message).toContain('is not a valid path');
    expect(message).toContain(problem);
  });

  it('refuses an upload onto a folder or inside a file with 409, writing nothing', async () => {
    const { client, project } = await ownerWithProject();
    await createFile(client, project.id, 'src/app.js', { content: 'app' });
    const onFolder = await expectRefused(
      client,
      project.id,
      [part('ok.txt', 'fine'), part('src', 'not a folder')],
      409,
      'CONFLICT',
    );
    expect(onFolder).toContain('A folder named src already exists');
    const insideFile = await expectRefused(
      client,
      project.id,
      [part('ok.txt', 'fine'), part('index.js/x.txt', 'x')],
      409,
      'CONFLICT',
    );
    expect(insideFile).toContain('index.js is a file');
    await expectRefused(
      client,
      project.id,
      [part('a', 'file'), part('a/b.txt', 'inside it')],
      400,
      'VALIDATION_FAILED',
    );
  });

  it('answers 413 for a text file over 5 MB or a binary one over 10 MB, writing nothing', async () => {
    const { client, project } = await ownerWithProject();
    const text = await expectRefused(
      client,
      project.id,
      [part('ok.txt', 'fine'), part('big.txt', 'a'.repeat(FILE_LIMITS.textBytes + 1))],
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(text).toBe('big.txt is too large: the limit is 10 MB per file (5 MB for text)');
    await expectRefused(
      client,
      project.id,
      [part('huge.bin', Buffer.alloc(FILE_LIMITS.binaryBytes + 1, 1), 'application/octet-stream')],
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers 413 past the total size or the number of files of one upload', async () => {
    const { client, project } = await ownerWithProject();
    const chunk = Buffer.alloc(FILE_LIMITS.binaryBytes - 1, 7);
    const count = Math.floor(FILE_LIMITS.uploadBytes / chunk.length) + 1;
    const total = await expectRefused(
      client,
      project.id,
      Array.from({ length: count }, (_, index) => part(`bin/${index}.bin`, chunk)),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(total).toBe('The upload is too large: the limit is 50 MB per upload');

    const many = await expectRefused(
      client,
      project.id,
      Array.from({ length: FILE_LIMITS.uploadFiles + 1 }, (_, index) =>
        part(`f/${index}.txt`, 'x'),
      ),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(many).toBe('Upload at most 1,000 files at a time');
  });

  it('refuses a request without files, with another field, or not multipart', async () => {
    const { client, project } = await ownerWithProject();
    expect(await expectRefused(client, project.id, [], 400, 'VALIDATION_FAILED')).toContain(
      'No files were sent',
    );
    expect(
      await expectRefused(
        client,
        project.id,
        [{ field: 'file', filename: 'a.txt', content: 'a' }],
        400,
        'VALIDATION_FAILED',
      ),
    ).toContain('field named "files"');
    const json = await client.post(`/api/files/upload/${project.id}`, { files: [] });
    expectError(json, 400, 'VALIDATION_FAILED');
  });
});
