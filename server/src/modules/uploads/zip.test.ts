import { randomBytes, randomUUID } from 'node:crypto';
import { UPLOAD_LIMITS } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadEntries } from './tables';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { fileUpload } from '../../test/multipart';
import { countUploadRows, expectUploaded, UPLOAD_URL } from '../../test/uploads';
import { buildZip, patchCentralDirectory, unixMode } from '../../test/zips';
import { listUploadEntriesForProject } from './service';

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const MB = 1024 * 1024;

describe('zips on POST /api/upload/project-file', () => {
  let t: TestApp;
  let owner: TestClient;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const account = await signUp(t.app);
    owner = account.client;
    ownerId = account.user.id;
  });
  afterAll(() => t.close());

  const send = (zip: Buffer, name = 'project.zip', type = 'application/zip') => {
    const { body, headers } = fileUpload(name, zip, type);
    return owner.post(UPLOAD_URL, body, { headers });
  };

  /** Uploads a bad archive: 400 VALIDATION_FAILED, nothing written, and the message. */
  async function expectRefusedZip(zip: Buffer, name?: string): Promise<string> {
    const before = await countUploadRows(t.database);
    const message = expectError(await send(zip, name), 400, 'VALIDATION_FAILED');
    expect(await countUploadRows(t.database)).toEqual(before);
    return message;
  }

  describe('a good zip', () => {
    it('is unpacked: nested folders listed, folders and junk skipped, text and binary kept', async () => {
      const zip = buildZip({
        'README.md': '# Demo\n',
        'src/': new Uint8Array(),
        'src/index.js': 'console.log("hi");\n',
        'src/lib/util.js': 'export const one = 1;\n',
        'assets/logo.png': PNG_BYTES,
        '__MACOSX/._README.md': 'resource fork',
        '.DS_Store': 'finder',
        'src/Thumbs.db': 'explorer',
      });
      const upload = expectUploaded(await send(zip));
      expect(upload).toMatchObject({
        name: 'project.zip',
        type: 'application/zip',
        size: zip.length,
        content: null,
        isZip: true,
        fileCount: 4,
      });
      expect(upload.extractedFiles).toEqual([
        { path: 'README.md', size: 7 },
        { path: 'src/index.js', size: 19 },
        { path: 'src/lib/util.js', size: 22 },
        { path: 'assets/logo.png', size: PNG_BYTES.length },
      ]);

      const rows = await t.database.db
        .select()
        .from(uploadEntries)
        .where(eq(uploadEntries.uploadId, upload.id));
      const byPath = new Map(rows.map((row) => [row.path, row]));
      expect(byPath.get('src/index.js')).toMatchObject({
        content: 'console.log("hi");\n',
        data: null,
        mimeType: 'text/javascript',
        size: 19,
      });
      expect(byPath.get('assets/logo.png')).toMatchObject({ content: null, mimeType: 'image/png' });
      expect(byPath.get('assets/logo.png')?.data?.equals(PNG_BYTES)).toBe(true);

      // The zip itself downloads again, byte for byte.
      const download = await owner.get(upload.url);
      expect(download.headers['content-type']).toBe('application/zip');
      expect(download.rawPayload.equals(zip)).toBe(true);

      // Several top-level entries: paths are kept as they are.
      const entries = await listUploadEntriesForProject({
        db: t.database.db,
        ownerId,
        uploadId: upload.id,
      });
      expect(entries.find((entry) => entry.path === 'assets/logo.png')?.data).toEqual(PNG_BYTES);
      expect(entries.map((entry) => entry.path).sort()).toEqual([
        'README.md',
        'assets/logo.png',
        'src/index.js',
        'src/lib/util.js',
      ]);
    });

    it('drops the single top-level folder for a project, but lists the zip as it is', async () => {
      const zip = buildZip({
        'my-app/': new Uint8Array(),
        'my-app/package.json': '{"name":"my-app"}',
        'my-app/src/main.ts': 'export {};\n',
        '__MACOSX/my-app/._package.json': 'junk',
      });
      const upload = expectUploaded(await send(zip));
      expect(upload.extractedFiles.map((file) => file.path)).toEqual([
        'my-app/package.json',
        'my-app/src/main.ts',
      ]);

      const entries = await listUploadEntriesForProject({
        db: t.database.db,
        ownerId,
        uploadId: upload.id,
      });
      expect(entries).toEqual([
        {
          path: 'package.json',
          content: '{"name":"my-app"}',
          data: null,
          mimeType: 'application/json',
          size: 17,
        },
        {
          path: 'src/main.ts',
          content: 'export {};\n',
          data: null,
          mimeType: 'text/typescript',
          size: 11,
        },
      ]);
    });

    it('recognises a zip by its signature when the name has no extension', async () => {
      const zip = buildZip({ 'a.txt': 'a' });
      const upload = expectUploaded(await send(zip, 'archive', 'application/octet-stream'));
      expect(upload).toMatchObject({ isZip: true, type: 'application/zip', fileCount: 1 });
    });

    it('reads backslash separators from Windows tools as folders', async () => {
      const upload = expectUploaded(await send(buildZip({ 'src\\app.js': 'x' })));
      expect(upload.extractedFiles).toEqual([{ path: 'src/app.js', size: 1 }]);
    });

    it('accepts a zip over the 10 MB cap of single files (zips may reach 50 MB)', async () => {
      const zip = buildZip({ 'video.bin': [randomBytes(11 * MB), { level: 0 }] });
      const upload = expectUploaded(await send(zip));
      expect(upload).toMatchObject({ isZip: true, size: zip.length, fileCount: 1 });
      expect(upload.extractedFiles).toEqual([{ path: 'video.bin', size: 11 * MB }]);
    });

    it(`accepts exactly ${UPLOAD_LIMITS.zipEntries.toLocaleString('en-US')} entries`, async () => {
      const files: Record<string, [string, { level: 0 }]> = {};
      for (let index = 0; index < UPLOAD_LIMITS.zipEntries; index += 1) {
        files[`f/${index}.txt`] = [String(index), { level: 0 }];
      }
      const upload = expectUploaded(await send(buildZip(files)));
      expect(upload.fileCount).toBe(UPLOAD_LIMITS.zipEntries);
    });
  });

  describe('listUploadEntriesForProject', () => {
    it('throws NOT_FOUND for another user, an unknown id, a bad id, and an upload that is not a zip', async () => {
      const zip = expectUploaded(await send(buildZip({ 'a.txt': 'a' })));
      const text = fileUpload('note.txt', 'hello', 'text/plain');
      const note = expectUploaded(
        await owner.post(UPLOAD_URL, text.body, { headers: text.headers }),
      );
      const { user: stranger } = await signUp(t.app);

      for (const [who, uploadId] of [
        [stranger.id, zip.id],
        [ownerId, randomUUID()],
        [ownerId, 'not-a-uuid'],
        [ownerId, note.id],
      ] as const) {
        const attempt = listUploadEntriesForProject({ db: t.database.db, ownerId: who, uploadId });
        await expect(attempt).rejects.toBeInstanceOf(AppError);
        await expect(attempt).rejects.toMatchObject({
          code: 'NOT_FOUND',
          message: 'Upload not found',
        });
      }
    });
  });

  describe('a bad zip is refused whole with 400 and nothing is written', () => {
    it(`refuses ${(UPLOAD_LIMITS.zipEntries + 1).toLocaleString('en-US')} entries`, async () => {
      const files: Record<string, [string, { level: 0 }]> = {};
      for (let index = 0; index <= UPLOAD_LIMITS.zipEntries; index += 1) {
        files[`f${index}.txt`] = ['', { level: 0 }];
      }
      expect(await expectRefusedZip(buildZip(files))).toBe(
        'The zip has 5,001 entries; the limit is 5,000',
      );
    });

    it('refuses a compression ratio above 100:1 (10 MB of zeros)', async () => {
      const zip = buildZip({ 'zeros.bin': new Uint8Array(10 * MB) });
      expect(await expectRefusedZip(zip)).toMatch(
        /^The zip's compression ratio is [\d,]+:1 .*; the limit is 100:1$/,
      );
    });

    it('refuses one entry above 100:1 even when the whole zip is below it', async () => {
      const zip = buildZip({
        'noise.bin': [randomBytes(3 * MB), { level: 0 }],
        'data/zeros.bin': new Uint8Array(2 * MB),
      });
      expect(await expectRefusedZip(zip)).toMatch(
        /^The zip entry data\/zeros\.bin has a compression ratio of [\d,]+:1; the limit is 100:1$/,
      );
    });

    it('refuses entries whose declared sizes add up to more than 200 MB', async () => {
      const zip = patchCentralDirectory(
        buildZip({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' }),
        (record) => record.view.setUint32(24, 70 * MB, true),
      );
      expect(await expectRefusedZip(zip)).toBe('The zip expands to 210 MB; the limit is 200 MB');
    });

    it('counts real bytes: an entry that inflates past its declared size is refused', async () => {
      // The central directory claims 100 bytes; the entry really holds 300 KB.
      const zip = patchCentralDirectory(buildZip({ 'big.txt': 'a'.repeat(300 * 1024) }), (record) =>
        record.view.setUint32(24, 100, true),
      );
      expect(await expectRefusedZip(zip)).toMatch(
        /^The zip entry big\.txt holds more data than the zip declares/,
      );
    });

    it('refuses an entry whose data does not match its checksum', async () => {
      const zip = patchCentralDirectory(buildZip({ 'a.txt': 'hello' }), (record) =>
        record.view.setUint32(16, (record.view.getUint32(16, true) ^ 1) >>> 0, true),
      );
      expect(await expectRefusedZip(zip)).toMatch(/a\.txt fails its checksum/);
    });

    it.each([
      ['../evil.txt', '".." segments are not allowed'],
      ['src/../../evil.txt', '".." segments are not allowed'],
      ['..\\evil.txt', '".." segments are not allowed'],
      ['/etc/passwd', 'absolute paths are not allowed'],
      ['\\windows\\evil.txt', 'absolute paths are not allowed'],
      ['C:/Windows/evil.txt', 'drive letters are not allowed'],
      ['c:evil.txt', 'drive letters are not allowed'],
    ])('refuses the unsafe path %s', async (name, why) => {
      const zip = buildZip({ 'ok.txt': 'fine', [name]: 'evil' });
      const shown = name.replace(/\\/g, '\\\\');
      expect(await expectRefusedZip(zip)).toBe(
        `The zip contains an unsafe path: ${shown} (${why})`,
      );
    });

    it('refuses control characters in a name', async () => {
      const message = await expectRefusedZip(buildZip({ 'bad\u0001name.txt': 'x' }));
      expect(message).toBe(
        'The zip contains an unsafe path: bad\\u0001name.txt (control characters are not allowed)',
      );
    });

    it('refuses a symbolic link', async () => {
      const zip = buildZip({
        'docs/guide.md': '# Guide',
        'docs/latest': ['guide.md', { os: 3, attrs: unixMode(0o120777) }],
      });
      expect(await expectRefusedZip(zip)).toBe(
        'The zip contains a link (docs/latest), which is not allowed',
      );
    });

    it('refuses a special file (a named pipe)', async () => {
      const zip = buildZip({ fifo: ['', { os: 3, attrs: unixMode(0o010644) }] });
      expect(await expectRefusedZip(zip)).toMatch(/special file \(fifo\)/);
    });

    it('refuses an encrypted entry', async () => {
      const zip = patchCentralDirectory(buildZip({ 'secret.txt': 'x' }), (record) =>
        record.view.setUint16(8, record.view.getUint16(8, true) | 1, true),
      );
      expect(await expectRefusedZip(zip)).toBe(
        'The zip contains an encrypted file (secret.txt), which is not allowed',
      );
    });

    it('refuses two entries with one path after normalisation', async () => {
      const zip = buildZip({ 'src/a.txt': 'one', 'src\\a.txt': 'two' });
      expect(await expectRefusedZip(zip)).toBe('The zip contains src/a.txt more than once');
      const dotted = buildZip({ 'a.txt': 'one', './a.txt': 'two' });
      expect(await expectRefusedZip(dotted)).toBe('The zip contains a.txt more than once');
    });

    it('refuses a path that is both a file and a folder', async () => {
      const zip = buildZip({ src: 'file', 'src/a.txt': 'nested' });
      expect(await expectRefusedZip(zip)).toBe(
        'The zip contains src both as a file and as a folder',
      );
    });

    it('refuses a file named .zip that is not a zip', async () => {
      const message = await expectRefusedZip(Buffer.from('just some text'), 'x.zip');
      expect(message).toBe('The file is not a zip archive, or it is truncated');
    });

    it('refuses a truncated zip', async () => {
      const zip = buildZip({ 'a.txt': 'a'.repeat(1000), 'b.txt': 'b' });
      const message = await expectRefusedZip(zip.subarray(0, zip.length - 40));
      expect(message).toBe('The file is not a zip archive, or it is truncated');
    });

    it('refuses a zip whose compressed data is damaged', async () => {
      const zip = buildZip({ 'a.txt': [randomBytes(4096).toString('hex'), { level: 9 }] });
      const damaged = Buffer.from(zip);
      // Local header (30 bytes) and the name come first; scribble over the deflate stream.
      damaged.fill(0xff, 40, 200);
      expect(await expectRefusedZip(damaged)).toMatch(
        /^The zip entry a\.txt (is corrupt|fails its checksum|holds more data)/,
      );
    });

    it('refuses a zip that holds no files', async () => {
      expect(await expectRefusedZip(buildZip({}))).toBe('The zip contains no files');
      expect(
        await expectRefusedZip(buildZip({ 'empty/': new Uint8Array(), '.DS_Store': 'x' })),
      ).toBe('The zip contains no files');
    });
  });
});
