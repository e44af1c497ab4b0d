import type {
  AgentResponse,
  Project,
  ProjectFile,
  ProjectFileEntry,
  ProjectStorage,
} from '@kiln/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { files } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { LOCAL_GIT_HOSTS, startGitServer, type GitServer } from '../../test/git-server';
import { connectedOwner, expectOk, projectFiles } from '../../test/git-sync';
import { waitForLockWaiters } from '../../test/locks';
import { multipartBody } from '../../test/multipart';
import { PNG, projectRows } from '../../test/project-files';
import { promptText, scriptedModel, scriptedProviders } from '../../test/scripted-model';
import { UPLOAD_URL } from '../../test/uploads';
import { buildZip } from '../../test/zips';
import { applyFileStates } from './file-states';
import { StorageQuotaError, storageCapsFrom } from '../projects';

const KB = 1024;
/** This server's caps for the whole file: 64 KB and 12 files and folders per project. */
const LIMIT_BYTES = 64 * KB;
const LIMIT_ENTRIES = 12;
const SERVER_LIMIT = "this server's limit per project";

const text = (bytes: number) => 'x'.repeat(bytes);

const scripted = scriptedModel();

/**
 * Every writer of files against the quota, with a small server cap (PROJECT_MAX_MB and
 * PROJECT_MAX_FILES, which only lower the plans' limits) so a project fills in kilobytes:
 * each write past it is refused whole and saves nothing, writes that fit are saved, and
 * writers at the same moment take turns.
 */
describe('the storage quota holds for every writer', () => {
  let t: TestApp;
  let git: GitServer;
  beforeAll(async () => {
    [t, git] = await Promise.all([
      createTestApp(
        {
          AUTH_RATE_LIMIT_PER_MINUTE: '1000',
          PROJECT_MAX_MB: String(LIMIT_BYTES / (1024 * 1024)),
          PROJECT_MAX_FILES: String(LIMIT_ENTRIES),
          ...LOCAL_GIT_HOSTS,
        },
        { aiProviders: scriptedProviders(scripted.model) },
      ),
      startGitServer(),
    ]);
  });
  /** The caps this test's app was built with, for the writers called here directly. */
  const caps = () =>
    storageCapsFrom({ maxMb: t.env.PROJECT_MAX_MB, maxFiles: t.env.PROJECT_MAX_FILES });
  afterAll(async () => {
    await t.close();
    await git.close();
  });
  beforeEach(() => scripted.script([]));

  /** A project with no files at all, so the figures of each message are exact. */
  async function emptyProject() {
    const owner = await signUp(t.app);
    const created = await owner.client.post('/api/projects', { name: 'Quota', empty: true });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json<Project>();
    const create = async (path: string, content = '', isDirectory = false) => {
      const response = await owner.client.post('/api/files', {
        projectId: project.id,
        path,
        content,
        isDirectory,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ProjectFile>();
    };
    return { ...owner, project, create };
  }

  const storageOf = async (client: TestClient, projectId: string) =>
    expectOk<ProjectStorage>(await client.get(`/api/projects/${projectId}/storage`));

  /** The running totals the API answers are what the rows hold, summed the slow way. */
  async function expectTotalsOf(client: TestClient, projectId: string) {
    const [truth] = await t.database.db
      .select({
        bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint`,
        entries: sql<number>`count(*)::int`,
      })
      .from(files)
      .where(eq(files.projectId, projectId));
    const storage = await storageOf(client, projectId);
    expect({ bytes: storage.bytes.used, entries: storage.entries.used }).toEqual({
      bytes: Number(truth?.bytes),
      entries: truth?.entries,
    });
    return storage;
  }

  const upload = (
    client: TestClient,
    projectId: string,
    parts: Record<string, string | Buffer>,
  ) => {
    const { body, headers } = multipartBody(
      Object.entries(parts).map(([filename, content]) => ({ field: 'files', filename, content })),
    );
    return client.post(`/api/files/upload/${projectId}`, body, { headers });
  };

  const bytesMessage = (needs: string, left: string) =>
    `This change needs ${needs} but the project has ${left} left of its 64 KB (${SERVER_LIMIT}). ` +
    'Delete files to make room.';

  it('counts each write at its stored size, and folders as entries, whoever writes', async () => {
    const p = await emptyProject();
    const a = await p.create('a.txt', 'héllo');
    let storage = await expectTotalsOf(p.client, p.project.id);
    expect(storage.bytes).toEqual({ used: 6, limit: LIMIT_BYTES, serverLimit: true });
    expect(storage.entries).toEqual({ used: 1, limit: LIMIT_ENTRIES, serverLimit: true });

    await p.create('src/lib/x.js', 'abc');
    expectOk(await p.client.patch(`/api/files/${a.id}`, { content: 'hé' }));
    storage = await expectTotalsOf(p.client, p.project.id);
    expect([storage.bytes.used, storage.entries.used]).toEqual([6, 4]);

    expectOk(await upload(p.client, p.project.id, { 'img/p.png': PNG, 'a.txt': 'four' }));
    storage = await expectTotalsOf(p.client, p.project.id);
    expect([storage.bytes.used, storage.entries.used]).toEqual([7 + PNG.length, 6]);

    const list = expectOk<ProjectFileEntry[]>(await p.client.get(`/api/files/${p.project.id}`));
    const src = list.find((entry) => entry.path === 'src')!;
    expectOk(await p.client.patch(`/api/files/${src.id}`, { path: 'deep/src' }));
    expect((await expectTotalsOf(p.client, p.project.id)).entries.used).toBe(7);

    const deep = expectOk<ProjectFileEntry[]>(await p.client.get(`/api/files/${p.project.id}`));
    expectOk(await p.client.delete(`/api/files/${deep.find((e) => e.path === 'deep')!.id}`));
    storage = await expectTotalsOf(p.client, p.project.id);
    expect([storage.bytes.used, storage.entries.used]).toEqual([4 + PNG.length, 3]);
  });

  it('refuses an editor save past the quota whole, saying the usage, the limit and what to do', async () => {
    const p = await emptyProject();
    const big = await p.create('big.txt', text(60 * KB));
    const refused = await p.client.patch(`/api/files/${big.id}`, { content: text(70 * KB) });
    expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(bytesMessage('10 KB', '4 KB'));
    const [row] = await projectRows(t.database, p.project.id);
    expect(row).toMatchObject({ version: 1, size: 60 * KB });
    expect((await expectTotalsOf(p.client, p.project.id)).bytes.used).toBe(60 * KB);

    expectOk(await p.client.patch(`/api/files/${big.id}`, { content: text(64 * KB) }));
  });

  it('refuses a new file whose folders pass the files-and-folders limit, and takes what fits', async () => {
    const p = await emptyProject();
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, `${i}`]));
    expectOk(await upload(p.client, p.project.id, eleven));
    const refused = await p.client.post('/api/files', {
      projectId: p.project.id,
      path: 'src/app.js',
      content: '',
    });
    expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(
      `This change adds 2 files and folders but the project has room for 1 more of its 12 (${SERVER_LIMIT}). Delete files to make room.`,
    );
    await p.create('src', '', true);
    expect((await expectTotalsOf(p.client, p.project.id)).entries.used).toBe(12);
    const full = await p.client.post('/api/files', {
      projectId: p.project.id,
      path: 'one-more.txt',
      content: '',
    });
    expect(expectError(full, 403, 'PLAN_LIMIT')).toBe(
      `This change adds 1 file or folder but the project already holds 12 files and folders, its limit of 12 (${SERVER_LIMIT}). Delete files to make room.`,
    );
  });

  it('refuses an upload whole when all of it would not fit, and saves one that does', async () => {
    const p = await emptyProject();
    await p.create('keep.txt', text(20 * KB));
    const before = await projectRows(t.database, p.project.id);
    const refused = await upload(p.client, p.project.id, {
      'a.txt': text(20 * KB),
      'b.txt': text(20 * KB),
      'docs/c.txt': text(10 * KB),
    });
    expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(bytesMessage('50 KB', '44 KB'));
    expect(await projectRows(t.database, p.project.id)).toEqual(before);

    // Overwriting counts what the file grows by: 20 KB more for keep.txt, 20 KB for a.txt.
    expectOk(
      await upload(p.client, p.project.id, { 'keep.txt': text(40 * KB), 'a.txt': text(20 * KB) }),
    );
    expect((await expectTotalsOf(p.client, p.project.id)).bytes.used).toBe(60 * KB);
  });

  it('makes no project at all from a zip or a template that would not fit', async () => {
    const owner = await signUp(t.app);
    const zip = buildZip({ 'site/index.html': [text(70 * KB), { level: 0 }] });
    const { body, headers } = multipartBody([
      { field: 'file', filename: 'site.zip', contentType: 'application/zip', content: zip },
    ]);
    const staged = expectOk<{ id: string; name: string }>(
      await owner.client.post(UPLOAD_URL, body, { headers }),
      201,
    );
    const fromZip = await owner.client.post('/api/projects', {
      name: 'Site',
      zipFiles: [{ id: staged.id, name: staged.name }],
    });
    expect(expectError(fromZip, 403, 'PLAN_LIMIT')).toBe(bytesMessage('70 KB', '64 KB'));

    // React + Vite starts with 11 files in 2 folders.
    const fromTemplate = await owner.client.post('/api/projects', {
      name: 'App',
      templateId: 'react-vite',
    });
    expect(expectError(fromTemplate, 403, 'PLAN_LIMIT')).toBe(
      `This change adds 13 files and folders but the project has room for 12 more of its 12 (${SERVER_LIMIT}). Delete files to make room.`,
    );
    expect(expectOk<Project[]>(await owner.client.get('/api/projects'))).toEqual([]);
  });

  it(
    'refuses a Git pull whole: no file of it written, no deletion applied, the pull still waiting',
    needs('git'),
    async () => {
      const owner = await connectedOwner(t, git);
      const project = await owner.createProject({ 'a.txt': 'one\n', 'gone.txt': 'bye\n' });
      await git.createRepo('team', 'pulled');
      expectOk(
        await owner.client.post('/api/github/link', {
          projectId: project.id,
          owner: 'team',
          repo: 'pulled',
          branch: 'main',
        }),
      );
      expectOk(await owner.client.post('/api/github/push', { projectId: project.id }));
      const clone = await git.clone('team', 'pulled');
      await clone.write('a.txt', 'one, changed elsewhere\n');
      await clone.write('assets/big.txt', text(70 * KB));
      await clone.remove('gone.txt');
      await clone.commitAndPush('Too big for the project');

      const pull = () => owner.client.post('/api/github/pull', { projectId: project.id });
      expect(expectError(await pull(), 403, 'PLAN_LIMIT')).toMatch(
        /^This change needs 70 KB but the project has 64 KB left of its 64 KB/,
      );
      expect(await projectFiles(owner.client, project.id)).toEqual({
        'a.txt': 'one\n',
        'gone.txt': 'bye\n',
      });
      await expectTotalsOf(owner.client, project.id);

      await clone.remove('assets/big.txt');
      await clone.commitAndPush('Smaller');
      expectOk(await pull());
      expect(await projectFiles(owner.client, project.id)).toEqual({
        'a.txt': 'one, changed elsewhere\n',
      });
    },
  );

  it('refuses a Git import whole, leaving the project as it was', needs('git'), async () => {
    const owner = await connectedOwner(t, git);
    const project = await owner.createProject({ 'mine.txt': 'mine\n' });
    await git.createRepo('team', 'imported');
    const seed = await git.clone('team', 'imported');
    await seed.write('huge.txt', text(70 * KB));
    await seed.commitAndPush('Huge');
    const imported = await owner.client.post('/api/github/import', {
      projectId: project.id,
      owner: 'team',
      repo: 'imported',
    });
    expectError(imported, 403, 'PLAN_LIMIT');
    expect(await projectFiles(owner.client, project.id)).toEqual({ 'mine.txt': 'mine\n' });
  });

  it('tells the AI agent why a write was refused, and writes nothing of it', async () => {
    const p = await emptyProject();
    await p.create('big.txt', text(60 * KB));
    scripted.script([
      { toolCalls: [{ name: 'write_file', input: { path: 'more.txt', content: text(10 * KB) } }] },
      { text: 'The project is full.' },
    ]);
    const response = await p.client.post('/api/ai/agent', {
      projectId: p.project.id,
      message: 'Add more',
    });
    expect(expectOk<AgentResponse>(response).filesModified).toEqual([]);
    expect(promptText(scripted.calls[1]!)).toContain(bytesMessage('10 KB', '4 KB'));
    expect((await projectRows(t.database, p.project.id)).map((row) => row.path)).toEqual([
      'big.txt',
    ]);
  });

  it("refuses an Undo of the agent's turn whole when what it puts back no longer fits", async () => {
    const p = await emptyProject();
    await p.create('old.txt', text(40 * KB));
    await p.create('small.txt', 'a');
    scripted.script([
      {
        toolCalls: [
          { name: 'delete_path', input: { path: 'old.txt' } },
          { name: 'write_file', input: { path: 'small.txt', content: 'b' } },
        ],
      },
      { text: 'Tidied.' },
    ]);
    const turn = expectOk<AgentResponse>(
      await p.client.post('/api/ai/agent', { projectId: p.project.id, message: 'Tidy' }),
    );
    await p.create('new.txt', text(40 * KB));
    const before = await projectRows(t.database, p.project.id);
    const undo = await p.client.post(`/api/ai/checkpoints/${turn.checkpointId}/restore`, {});
    expect(expectError(undo, 403, 'PLAN_LIMIT')).toBe(bytesMessage('40 KB', '24 KB'));
    expect(await projectRows(t.database, p.project.id)).toEqual(before);
  });

  describe('the batch the workspace sync saves disk changes with (applyFileStates)', () => {
    it('saves all of a batch that fits, answering each path with its id and version', async () => {
      const p = await emptyProject();
      const keep = await p.create('keep.txt', 'v1');
      const entries = await applyFileStates({
        db: t.database.db,
        storageCaps: caps(),
        userId: p.user.id,
        projectId: p.project.id,
        states: new Map([
          ['keep.txt', { isDirectory: false, content: 'v2', data: null, mimeType: null }],
          ['docs', { isDirectory: true, content: null, data: null, mimeType: null }],
          ['img/logo.png', { isDirectory: false, content: null, data: PNG, mimeType: null }],
        ]),
      });
      expect(entries.map((entry) => [entry.path, entry.version]).sort()).toEqual([
        ['docs', 1],
        ['img/logo.png', 1],
        ['keep.txt', 2],
      ]);
      expect(entries.find((entry) => entry.path === 'keep.txt')?.id).toBe(keep.id);
      await expectTotalsOf(p.client, p.project.id);
    });

    it('saves nothing of a batch past the quota, deletions included, and throws StorageQuotaError', async () => {
      const p = await emptyProject();
      await p.create('keep.txt', text(10 * KB));
      await p.create('gone.txt', text(10 * KB));
      const before = await projectRows(t.database, p.project.id);
      const batch = applyFileStates({
        db: t.database.db,
        storageCaps: caps(),
        userId: p.user.id,
        projectId: p.project.id,
        states: new Map([
          ['gone.txt', null],
          ['out/a.txt', { isDirectory: false, content: text(30 * KB), data: null, mimeType: null }],
          [
            'out/b.bin',
            { isDirectory: false, content: null, data: Buffer.alloc(30 * KB), mimeType: null },
          ],
        ]),
      });
      const error = await batch.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageQuotaError);
      expect((error as StorageQuotaError).detail).toEqual({
        measure: 'bytes',
        needed: 50 * KB,
        used: 20 * KB,
        limit: LIMIT_BYTES,
      });
      expect(await projectRows(t.database, p.project.id)).toEqual(before);
    });
  });

  it('lets writers at the same moment take turns: those that fit pass, each refusal names its own need', async () => {
    const p = await emptyProject();
    const started = await Promise.all(['f0', 'f1', 'f2', 'f3'].map((path) => p.create(path, 'a')));
    let saves: Promise<LightMyRequestResponse[]> | undefined;
    await t.database.db.transaction(async (tx) => {
      // Hold every write to files until all four saves have started, so they overlap for
      // certain; on the embedded database (one connection) they queue behind this instead.
      await tx.execute(sql`lock table files in share mode`);
      saves = Promise.all(
        started.map((file) => p.client.patch(`/api/files/${file.id}`, { content: text(20 * KB) })),
      );
      // On PostgreSQL: one save waits for the table, the others for the project's storage row;
      // the first of those waits on a transaction id, which pg_locks gives no database.
      if (t.database.kind === 'postgres') await waitForLockWaiters(tx, started.length - 1);
    });
    const responses = await saves!;
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 403]);
    const refused = responses.find((response) => response.statusCode === 403)!;
    // The room the three others left, not the room there was when all four began.
    expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(bytesMessage('20 KB', '4 KB'));
    const storage = await expectTotalsOf(p.client, p.project.id);
    expect(storage.bytes.used).toBe(60 * KB + 1);
  });
});
