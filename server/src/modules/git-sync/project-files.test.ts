import type { Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { expectOk } from '../../test/git-sync';
import { blobId } from './git-objects';
import { readProjectTree } from './project-files';

describe('readProjectTree: a project as Git sees it, read again only where it changed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const blob = (text: string) => blobId(Buffer.from(text, 'utf8'));

  async function projectWith(files: Record<string, string>) {
    const { client } = await signUp(t.app);
    const project = expectOk<Project>(await client.post('/api/projects', { name: 'Tree' }), 201);
    for (const file of expectOk<{ id: string; path: string }[]>(
      await client.get(`/api/files/${project.id}`),
    )) {
      if (!file.path.includes('/')) expectOk(await client.delete(`/api/files/${file.id}`));
    }
    for (const [path, content] of Object.entries(files)) {
      expectOk(await client.post('/api/files', { projectId: project.id, path, content }), 201);
    }
    const read = () => readProjectTree({ db: t.database.db, projectId: project.id });
    const idOf = async (path: string) =>
      expectOk<{ id: string; path: string }[]>(await client.get(`/api/files/${project.id}`)).find(
        (file) => file.path === path,
      )!.id;
    return { client, project, read, idOf };
  }

  it('sees every save, creation, deletion and move made after an earlier read', async () => {
    // Enough files that most of the row groups hold some, so a change leaves others unread.
    const files: Record<string, string> = {};
    for (let index = 0; index < 200; index += 1) {
      files[`src/part-${index % 7}/file-${index}.js`] = `export const n = ${index};\n`;
    }
    const p = await projectWith(files);
    const first = await p.read();
    expect(first.tree.size).toBe(200);
    expect(first.tree.get('src/part-3/file-3.js')?.oid).toBe(blob('export const n = 3;\n'));
    expect(first.folders).toEqual(expect.arrayContaining(['src', 'src/part-0', 'src/part-6']));

    expectOk(
      await p.client.patch(`/api/files/${await p.idOf('src/part-3/file-3.js')}`, {
        content: 'changed\n',
      }),
    );
    expectOk(await p.client.delete(`/api/files/${await p.idOf('src/part-4/file-4.js')}`));
    expectOk(
      await p.client.post('/api/files', {
        projectId: p.project.id,
        path: 'docs/new.md',
        content: '# New\n',
      }),
      201,
    );
    expectOk(
      await p.client.patch(`/api/files/${await p.idOf('src/part-5/file-5.js')}`, {
        path: 'src/part-5/moved.js',
      }),
    );

    const second = await p.read();
    expect(second.tree.get('src/part-3/file-3.js')?.oid).toBe(blob('changed\n'));
    expect(second.tree.has('src/part-4/file-4.js')).toBe(false);
    expect(second.tree.get('docs/new.md')?.oid).toBe(blob('# New\n'));
    expect(second.tree.has('src/part-5/file-5.js')).toBe(false);
    expect(second.tree.get('src/part-5/moved.js')?.oid).toBe(blob('export const n = 5;\n'));
    expect(second.folders).toContain('docs');
    expect(second.tree.size).toBe(200);
    // Everything else as it was, in path order.
    expect(second.tree.get('src/part-6/file-199.js')).toEqual(
      first.tree.get('src/part-6/file-199.js'),
    );
    expect([...second.tree.keys()]).toEqual([...second.tree.keys()].sort());
    expect((await p.read()).tree).toEqual(second.tree);
  });

  it('keeps projects apart, and a read of a project without files is empty', async () => {
    const a = await projectWith({ 'same.txt': 'a\n' });
    const b = await projectWith({ 'same.txt': 'b\n' });
    expect((await a.read()).tree.get('same.txt')?.oid).toBe(blob('a\n'));
    expect((await b.read()).tree.get('same.txt')?.oid).toBe(blob('b\n'));
    expectOk(await a.client.delete(`/api/files/${await a.idOf('same.txt')}`));
    const emptied = await a.read();
    expect(emptied.tree.size).toBe(0);
    expect((await b.read()).tree.get('same.txt')?.oid).toBe(blob('b\n'));
  });
});
