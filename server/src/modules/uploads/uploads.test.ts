import { randomBytes, randomUUID } from 'node:crypto';
import { UPLOAD_LIMITS, type UploadedFile } from '@kiln/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { fileUpload, multipartBody } from '../../test/multipart';
import { countUploadRows, expectUploaded, UPLOAD_URL } from '../../test/uploads';

/** A real 1x1 PNG: binary, and not valid UTF-8. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /api/upload/project-file', () => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signUp(t.app)).client;
  });
  afterAll(() => t.close());

  /** Sends a request that must be refused, and proves it wrote nothing. */
  async function expectRefused(
    send: () => Promise<LightMyRequestResponse>,
    status: number,
    code: string,
  ): Promise<string> {
    const before = await countUploadRows(t.database);
    const message = expectError(await send(), status, code);
    expect(await countUploadRows(t.database)).toEqual(before);
    return message;
  }

  describe('a text file', () => {
    it('answers 201 with its text, and its url gives the owner the same bytes back', async () => {
      const text = 'Plan:\n- build a kiln 🔥\n- fire it\n';
      const { body, headers } = fileUpload('plan.md', text, 'text/markdown');
      const upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
      expect(upload).toMatchObject({
        name: 'plan.md',
        type: 'text/markdown',
        size: Buffer.byteLength(text),
        content: text,
        isZip: false,
        fileCount: 1,
        extractedFiles: [],
      });

      const download = await owner.get(upload.url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(Buffer.from(text))).toBe(true);
      expect(download.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      // Opened rather than saved, it is a sandboxed document: nothing in it runs as the app.
      expect(download.headers['content-security-policy']).toBe('sandbox');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="plan.md"; filename*=UTF-8''plan.md`,
      );
    });

    it('infers the type from the extension when the part has none worth keeping', async () => {
      const { body, headers } = fileUpload('data.json', '{"a":1}', 'application/octet-stream');
      const upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
      expect(upload).toMatchObject({ type: 'application/json', content: '{"a":1}' });
    });

    it('keeps a non-ASCII name and sends it back in filename*', async () => {
      const { body, headers } = fileUpload('résumé (v2).txt', 'hello', 'text/plain');
      const upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
      expect(upload.name).toBe('résumé (v2).txt');
      const download = await owner.get(upload.url);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="r_sum_ (v2).txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28v2%29.txt`,
      );
    });

    it('treats bytes that are not UTF-8, or that hold NUL, as binary whatever the name', async () => {
      for (const bytes of [Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('a\0b')]) {
        const { body, headers } = fileUpload('notes.txt', bytes, 'text/plain');
        const upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
        expect(upload.content).toBeNull();
        expect((await owner.get(upload.url)).rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('accepts a file of exactly 10 MB', async () => {
      const bytes = Buffer.alloc(UPLOAD_LIMITS.fileBytes, 'a');
      const { body, headers } = fileUpload('big.txt', bytes, 'text/plain');
      const upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
      expect(upload.size).toBe(UPLOAD_LIMITS.fileBytes);
      expect(upload.content?.length).toBe(UPLOAD_LIMITS.fileBytes);
    });
  });

  describe('a binary file', () => {
    it('answers content null and type image/png, and downloads byte for byte', async () => {
      const { body, headers } = fileUpload('logo.png', PNG, 'image/png');
      const upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
      expect(upload).toMatchObject({
        name: 'logo.png',
        type: 'image/png',
        size: PNG.length,
        content: null,
        isZip: false,
        fileCount: 1,
        extractedFiles: [],
      });
      const download = await owner.get(upload.url);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.rawPayload.equals(PNG)).toBe(true);
    });

    it('infers image/png from the extension for an untyped part', async () => {
      const { body, headers } = fileUpload('logo.png', PNG, 'application/octet-stream');
      expect(expectUploaded(await owner.post(UPLOAD_URL, body, { headers })).type).toBe(
        'image/png',
      );
    });

    it('does not unpack a .docx, although it is a zip inside', async () => {
      const docx = Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(64)]);
      const { body, headers } = fileUpload(
        'letter.docx',
        docx,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      const upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
      expect(upload).toMatchObject({ isZip: false, content: null, fileCount: 1 });
    });
  });

  describe('access to the download', () => {
    let upload: UploadedFile;

    beforeAll(async () => {
      const { body, headers } = fileUpload('secret.txt', 'for my eyes only', 'text/plain');
      upload = expectUploaded(await owner.post(UPLOAD_URL, body, { headers }));
    });

    it('is 404 NOT_FOUND for another user, with nothing of the file in the answer', async () => {
      const { client: other } = await signUp(t.app);
      const response = await other.get(upload.url);
      expectError(response, 404, 'NOT_FOUND');
      expect(response.body).not.toContain('for my eyes only');
    });

    it('is 401 UNAUTHENTICATED when signed out', async () => {
      expectError(await new TestClient(t.app).get(upload.url), 401, 'UNAUTHENTICATED');
    });

    it('is 404 for an unknown id and for an id that is not a uuid', async () => {
      expectError(await owner.get(`${UPLOAD_URL}/${randomUUID()}`), 404, 'NOT_FOUND');
      expectError(await owner.get(`${UPLOAD_URL}/not-a-uuid`), 404, 'NOT_FOUND');
      expectError(await owner.get(`${UPLOAD_URL}/1%27%20or%201=1`), 404, 'NOT_FOUND');
    });
  });

  describe('refusals, none of which writes anything', () => {
    it('is 401 UNAUTHENTICATED when signed out', async () => {
      const { body, headers } = fileUpload('plan.md', 'hi', 'text/markdown');
      await expectRefused(
        () => new TestClient(t.app).post(UPLOAD_URL, body, { headers }),
        401,
        'UNAUTHENTICATED',
      );
    });

    it('is 403 CSRF_FAILED without the CSRF header', async () => {
      const { body, headers } = fileUpload('plan.md', 'hi', 'text/markdown');
      await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers, withoutCsrf: true }),
        403,
        'CSRF_FAILED',
      );
    });

    it('is 400 for a form without a file', async () => {
      const { body, headers } = multipartBody([{ field: 'note', content: 'no file here' }]);
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toMatch(/no file was sent/i);
    });

    it('is 400 for an empty file input (a part with no name and no bytes)', async () => {
      const { body, headers } = fileUpload('', '', 'application/octet-stream');
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toMatch(/no file was sent/i);
    });

    it('is 400 for two files in one request', async () => {
      const { body, headers } = multipartBody([
        { field: 'file', filename: 'a.txt', contentType: 'text/plain', content: 'a' },
        { field: 'file', filename: 'b.txt', contentType: 'text/plain', content: 'b' },
      ]);
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toMatch(/one file per request/i);
    });

    it('is 400 for three files in one request too', async () => {
      const { body, headers } = multipartBody(
        ['a', 'b', 'c'].map((name) => ({
          field: 'file',
          filename: `${name}.txt`,
          contentType: 'text/plain',
          content: name,
        })),
      );
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toMatch(/one file per request/i);
    });

    it('is 400 naming the field for a file sent under another name', async () => {
      const { body, headers } = multipartBody([
        { field: 'upload', filename: 'a.txt', contentType: 'text/plain', content: 'a' },
      ]);
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toMatch(/field named "file"/);
    });

    it('is 400 for a body that is not multipart', async () => {
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, { name: 'a.txt', content: 'a' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(message).toMatch(/multipart\/form-data/);
    });

    it('is 400 for a malformed multipart body', async () => {
      const { body, headers } = fileUpload('a.txt', 'a', 'text/plain');
      const truncated = body.subarray(0, body.length - 20);
      await expectRefused(
        () => owner.post(UPLOAD_URL, truncated, { headers }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('is 413 PAYLOAD_TOO_LARGE naming the 10 MB limit for a file one byte over it', async () => {
      const { body, headers } = fileUpload(
        'big.txt',
        Buffer.alloc(UPLOAD_LIMITS.fileBytes + 1, 'a'),
        'text/plain',
      );
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect(message).toMatch(/10 MB/);
    });

    it('is 413 naming the 10 MB limit for an untyped file that turns out not to be a zip', async () => {
      const { body, headers } = fileUpload('data', Buffer.alloc(UPLOAD_LIMITS.fileBytes + 1, 1));
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect(message).toMatch(/10 MB/);
    });

    it('is 413 naming the 50 MB limit for a zip one byte over it', async () => {
      const { body, headers } = fileUpload(
        'huge.zip',
        Buffer.alloc(UPLOAD_LIMITS.zipBytes + 1),
        'application/zip',
      );
      const message = await expectRefused(
        () => owner.post(UPLOAD_URL, body, { headers }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect(message).toMatch(/50 MB/);
    });
  });
});
