import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { files } from './tables';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { PNG, createFile, createProject, insertRows } from '../../test/project-files';
import { comparePaths } from '../../lib/project-paths';
import { byPath } from './service';
import { ProjectTextCache, WARM_CHUNK } from './text-cache';

describe('ProjectTextCache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const contents = async (cache: ProjectTextCache, projectId: string, db = t.database.db) =>
    Object.fromEntries(
      (await cache.listTextFiles(db, projectId)).map((file) => [file.path, file.content]),
    );

  /**
   * A view of the app's database whose reads can be counted: counting on the database itself
   * would count the app's background work (its job queue) as well.
   */
  const databaseView = () => Object.create(t.database.db) as Database;

  it('always answers what the database holds, whoever changed it and however', async () => {
    const { client } = await signUp(t.app);
    const project = await createProject(client);
    const a = await createFile(client, project.id, 'a.txt', { content: 'one' });
    await createFile(client, project.id, 'b.txt', { content: 'bee' });
    await createFile(client, project.id, 'pic.png', { content: 'text for now' });
    const cache = new ProjectTextCache(1_000_000);
    const first = await contents(cache, project.id);
    expect(first).toMatchObject({ 'a.txt': 'one', 'b.txt': 'bee', 'pic.png': 'text for now' });

    // A save, a rename, a new file, a file turned binary, a delete.
    await client.patch(`/api/files/${a.id}`, { content: 'two' });
    const list = await client.get(`/api/files/${project.id}`);
    const b = list.json<Array<{ id: string; path: string }>>().find((f) => f.path === 'b.txt')!;
    await client.patch(`/api/files/${b.id}`, { path: 'c.txt' });
    await createFile(client, project.id, 'd.txt', { content: 'new' });
    const { body, headers } = multipartBody([
      { field: 'files', filename: 'pic.png', contentType: 'image/png', content: PNG },
    ]);
    await client.post(`/api/files/upload/${project.id}`, body, { headers });
    const readme = list
      .json<Array<{ id: string; path: string }>>()
      .find((f) => f.path === 'README.md')!;
    await client.delete(`/api/files/${readme.id}`);
    // A writer that does not raise the version (another module, a migration).
    await t.database.db.update(files).set({ content: 'sneaky' }).where(eq(files.id, a.id));

    expect(await contents(cache, project.id)).toEqual({
      'a.txt': 'sneaky',
      'c.txt': 'bee',
      'd.txt': 'new',
      'index.js': first['index.js'],
    });
  });

  it("lists files in the database's path order, read whole or read again in part", async () => {
    const { client } = await signUp(t.app);
    const project = await createProject(client);
    // Case, accents, a character past U+FFFF and one just below it sort differently in UTF-16.
    const paths = ['b.txt', 'B.txt', 'a/z.txt', 'a.txt', 'é.txt', '😀.txt', 'ｚ.txt', 'a-b.txt'];
    for (const path of paths) await createFile(client, project.id, path, { content: path });
    const inDatabase = (
      await t.database.db
        .select({ path: files.path })
        .from(files)
        .where(and(eq(files.projectId, project.id), isNotNull(files.content)))
        .orderBy(byPath)
    ).map((row) => row.path);
    const cache = new ProjectTextCache(1_000_000);
    const listed = async () =>
      (await cache.listTextFiles(t.database.db, project.id)).map((file) => file.path);
    expect(await listed()).toEqual(inDatabase);
    await createFile(client, project.id, 'c.txt', { content: 'later' });
    expect(await listed()).toEqual([...inDatabase, 'c.txt'].sort(comparePaths));
  });

  it('keeps within its size, dropping the least recently searched project first', async () => {
    const { client } = await signUp(t.app);
    const one = await createProject(client, 'One');
    const two = await createProject(client, 'Two');
    await createFile(client, one.id, 'big.txt', { content: 'x'.repeat(3_000) });
    await createFile(client, two.id, 'big.txt', { content: 'y'.repeat(3_000) });
    // Each project also has the blank template's two files, a few hundred characters.
    const cache = new ProjectTextCache(5_000);
    expect((await contents(cache, one.id))['big.txt']).toHaveLength(3_000);
    expect(cache.keptProjects()).toEqual([one.id]);
    expect((await contents(cache, two.id))['big.txt']).toBe('y'.repeat(3_000));
    expect(cache.keptProjects()).toEqual([two.id]);
    expect((await contents(cache, one.id))['big.txt']).toBe('x'.repeat(3_000));
    expect(cache.keptProjects()).toEqual([one.id]);
    // A project larger than the whole cache is read, not kept.
    const small = new ProjectTextCache(10);
    expect((await contents(small, two.id))['big.txt']).toBe('y'.repeat(3_000));
    expect(small.keptProjects()).toEqual([]);
  });

  it('warms a project ahead of its first search, which then reads only what changed', async () => {
    const { client } = await signUp(t.app);
    const project = await createProject(client);
    await createFile(client, project.id, 'a.txt', { content: 'one' });
    const cache = new ProjectTextCache(1_000_000);
    const db = databaseView();
    const select = vi.spyOn(db, 'select');
    // The warm-up and a search that arrives while it runs: the search waits for the warm-up,
    // then only lists the rows (the warm-up's listing, its read of the text, the search's listing).
    const warming = cache.warm(db, project.id);
    const searched = contents(cache, project.id, db);
    await warming;
    expect(await searched).toMatchObject({ 'a.txt': 'one' });
    expect(select).toHaveBeenCalledTimes(3);
    expect(cache.keptProjects()).toEqual([project.id]);
  });

  it('warms a large project a slice at a time, letting other queries in between', async () => {
    const { client } = await signUp(t.app);
    const project = await createProject(client);
    const count = WARM_CHUNK * 2 + WARM_CHUNK / 2;
    const rows = Array.from({ length: count }, (_, index) => ({
      path: `src/f${String(index).padStart(5, '0')}.txt`,
      content: `file ${index}`,
    }));
    await insertRows(t.database, project.id, rows);
    const cache = new ProjectTextCache(10_000_000);
    const db = databaseView();
    const select = db.select.bind(db);
    let firstSliceSent: () => void = () => undefined;
    const firstSlice = new Promise<void>((resolve) => (firstSliceSent = resolve));
    const selects = vi.spyOn(db, 'select').mockImplementation(((...args: []) => {
      // The size check is the first select, the first slice the second.
      if (selects.mock.calls.length === 2) firstSliceSent();
      return select(...args);
    }) as typeof db.select);
    const warming = cache.warm(db, project.id);
    await firstSlice;
    // What runs on the next turn of the event loop (a request arriving, say) runs before the
    // last slice is asked for, not after the whole project was read.
    const asked = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(selects.mock.calls.length)),
    );
    expect(asked).toBeLessThan(4);
    await warming;
    // The size check, then three slices.
    expect(selects).toHaveBeenCalledTimes(4);
    const [changed] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.projectId, project.id), eq(files.path, 'src/f00300.txt')));
    await client.patch(`/api/files/${changed!.id}`, { content: 'changed' });
    selects.mockClear();
    const found = await contents(cache, project.id, db);
    expect(Object.keys(found).filter((path) => path.startsWith('src/'))).toHaveLength(count);
    expect(found['src/f00300.txt']).toBe('changed');
    expect(found['src/f00624.txt']).toBe('file 624');
    // Listing, then the one changed row.
    expect(selects).toHaveBeenCalledTimes(2);
  });

  it('does not read the text of a project too large to keep when warming', async () => {
    const { client } = await signUp(t.app);
    const project = await createProject(client);
    await createFile(client, project.id, 'big.txt', { content: 'x'.repeat(3_000) });
    const cache = new ProjectTextCache(1_000);
    const db = databaseView();
    const select = vi.spyOn(db, 'select');
    await cache.warm(db, project.id);
    expect(select).toHaveBeenCalledTimes(1);
    expect(cache.keptProjects()).toEqual([]);
    // A search still reads it, and answers it.
    expect((await contents(cache, project.id))['big.txt']).toHaveLength(3_000);
  });
});
