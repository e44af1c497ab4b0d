import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectFile, ProjectFileEntry } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createFile, createProject, PNG } from '../../test/project-files';
import type { WorkspaceLease } from './types';

describe('project workspaces on disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function openWorkspace() {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Workspace ${Math.random()}`);
    const lease = await t.app.workspaces.acquire({ projectId: project.id, userId: owner.user.id });
    const list = async () =>
      (await owner.client.get(`/api/files/${project.id}`)).json<ProjectFile[]>();
    const entry = async (filePath: string) => (await list()).find((file) => file.path === filePath);
    const onDisk = (filePath: string) => path.join(lease.path, filePath);
    return { ...owner, project, lease, list, entry, onDisk };
  }

  const released: WorkspaceLease[] = [];
  afterAll(async () => {
    for (const lease of released) await lease.release();
  });

  it("writes the project's files when opened, in a folder the sandbox can use", async () => {
    const w = await openWorkspace();
    released.push(w.lease);
    expect(w.lease.path).toBe(path.join(t.dataDir, 'workspaces', w.project.id));
    const names = (await readdir(w.lease.path)).sort();
    expect(names).toEqual(['README.md', 'index.js']);
    const readme = await w.entry('README.md');
    expect(await readFile(w.onDisk('README.md'), 'utf8')).toBe(readme!.content);
    if (process.getuid?.() === 0) {
      expect((await stat(w.lease.path)).uid).toBe(65534);
      expect((await stat(w.onDisk('index.js'))).uid).toBe(65534);
      expect((await stat(t.dataDir)).mode & 0o001).toBe(0o001);
    }
  });

  it('saves a file made, changed or deleted on disk through the file service', async () => {
    const w = await openWorkspace();
    released.push(w.lease);
    await mkdir(w.onDisk('src'));
    await writeFile(w.onDisk('src/made.txt'), 'made in the shell\n');
    let report = await w.lease.flush();
    expect(report.fromDisk.sort()).toEqual(['src', 'src/made.txt']);
    const made = await w.entry('src/made.txt');
    expect(made).toMatchObject({ content: 'made in the shell\n', version: 1 });
    expect(await w.entry('src')).toMatchObject({ isDirectory: true });

    await writeFile(w.onDisk('src/made.txt'), 'changed in the shell\n');
    await w.lease.flush();
    expect(await w.entry('src/made.txt')).toMatchObject({
      content: 'changed in the shell\n',
      version: 2,
    });

    await rm(w.onDisk('src'), { recursive: true });
    report = await w.lease.flush();
    expect(report.fromDisk).toContain('src');
    expect(await w.entry('src')).toBeUndefined();
    expect(await w.entry('src/made.txt')).toBeUndefined();
  });

  it('writes what the editor saves, renames and deletes to the disk', async () => {
    const w = await openWorkspace();
    released.push(w.lease);
    const index = (await w.entry('index.js'))!;
    const saved = await w.client.patch(`/api/files/${index.id}`, {
      content: 'console.log("saved in the editor")\n',
      baseVersion: index.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await createFile(w.client, w.project.id, 'lib/util.js', { content: 'module.exports = 1;\n' });
    let report = await w.lease.flush();
    expect(report.toDisk.sort()).toEqual(['index.js', 'lib', 'lib/util.js']);
    expect(await readFile(w.onDisk('index.js'), 'utf8')).toBe(
      'console.log("saved in the editor")\n',
    );
    expect(await readFile(w.onDisk('lib/util.js'), 'utf8')).toBe('module.exports = 1;\n');

    const lib = (await w.entry('lib'))!;
    expect((await w.client.patch(`/api/files/${lib.id}`, { path: 'src' })).statusCode).toBe(200);
    report = await w.lease.flush();
    expect(await readFile(w.onDisk('src/util.js'), 'utf8')).toBe('module.exports = 1;\n');
    await expect(stat(w.onDisk('lib'))).rejects.toThrow();

    const src = (await w.entry('src'))!;
    expect((await w.client.delete(`/api/files/${src.id}`)).statusCode).toBe(200);
    await w.lease.flush();
    await expect(stat(w.onDisk('src'))).rejects.toThrow();
    // Nothing written to the disk comes back as a change from it.
    expect((await w.lease.flush()).fromDisk).toEqual([]);
  });

  it('keeps the disk text as the newer version when both sides changed a file', async () => {
    const w = await openWorkspace();
    released.push(w.lease);
    const index = (await w.entry('index.js'))!;
    await w.client.patch(`/api/files/${index.id}`, { content: 'from the editor\n' });
    await writeFile(w.onDisk('index.js'), 'from the shell\n');
    await w.lease.flush();
    const after = (await w.entry('index.js'))!;
    expect(after.content).toBe('from the shell\n');
    expect(after.version).toBe(index.version + 2);
    expect(await readFile(w.onDisk('index.js'), 'utf8')).toBe('from the shell\n');
  });

  it('leaves installed packages, caches and oversized files on disk only', async () => {
    const w = await openWorkspace();
    released.push(w.lease);
    await mkdir(w.onDisk('node_modules/left-pad'), { recursive: true });
    await writeFile(w.onDisk('node_modules/left-pad/index.js'), 'module.exports = 1;\n');
    await mkdir(w.onDisk('app/__pycache__'), { recursive: true });
    await writeFile(w.onDisk('app/__pycache__/x.pyc'), Buffer.from([0, 1, 2]));
    await writeFile(w.onDisk('big.log'), 'x'.repeat(6 * 1024 * 1024));
    await writeFile(w.onDisk('logo.png'), PNG);
    await w.lease.flush();
    const paths = (await w.list()).map((file) => file.path);
    expect(paths).not.toContain('node_modules');
    expect(paths.some((p) => p.includes('__pycache__'))).toBe(false);
    expect(paths).not.toContain('big.log');
    expect(paths).toContain('app');
    const logo = (await w.client.get(`/api/files/${w.project.id}/entries`))
      .json<ProjectFileEntry[]>()
      .find((file) => file.path === 'logo.png');
    expect(logo).toMatchObject({ size: PNG.length });
    const raw = await w.client.get(`/api/files/${w.project.id}/raw?path=logo.png`);
    expect(Buffer.from(raw.rawPayload).equals(PNG)).toBe(true);
  });

  it('gives a reopened workspace the project as it is now, keeping installed packages', async () => {
    const w = await openWorkspace();
    await mkdir(w.onDisk('node_modules/kept'), { recursive: true });
    await writeFile(w.onDisk('node_modules/kept/index.js'), 'kept\n');
    await w.lease.release();
    // While closed, the disk drifts (a crash mid-command) and the project changes.
    await writeFile(w.onDisk('stray.txt'), 'never synced\n');
    const index = (await w.entry('index.js'))!;
    await w.client.patch(`/api/files/${index.id}`, { content: 'newer in the project\n' });
    const again = await t.app.workspaces.acquire({ projectId: w.project.id, userId: w.user.id });
    released.push(again);
    expect(await readFile(w.onDisk('index.js'), 'utf8')).toBe('newer in the project\n');
    await expect(stat(w.onDisk('stray.txt'))).rejects.toThrow();
    expect(await readFile(w.onDisk('node_modules/kept/index.js'), 'utf8')).toBe('kept\n');
    expect(await w.entry('stray.txt')).toBeUndefined();
  });

  it('syncs on its own while open and tells listeners what came from the disk', async () => {
    const w = await openWorkspace();
    released.push(w.lease);
    const seen = new Promise<string[]>((resolve) => {
      const stop = w.lease.onChange((report) => {
        if (report.fromDisk.length === 0) return;
        stop();
        resolve(report.fromDisk);
      });
    });
    await writeFile(w.onDisk('later.txt'), 'picked up by the timer\n');
    expect(await seen).toEqual(['later.txt']);
    expect(await w.entry('later.txt')).toMatchObject({ content: 'picked up by the timer\n' });
  });

  it('gives leases taken at the same moment one folder, written once', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Together ${Math.random()}`);
    const leases = await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.app.workspaces.acquire({ projectId: project.id, userId: owner.user.id }),
      ),
    );
    released.push(...leases);
    expect(new Set(leases.map((lease) => lease.path)).size).toBe(1);
    expect((await readdir(leases[0]!.path)).sort()).toEqual(['README.md', 'index.js']);
  });

  it('removes the folders of deleted projects, and only those', async () => {
    const kept = await openWorkspace();
    await kept.lease.release();
    const gone = await openWorkspace();
    await gone.lease.release();
    const open = await openWorkspace();
    released.push(open.lease);
    expect((await gone.client.delete(`/api/projects/${gone.project.id}`)).statusCode).toBe(200);
    // A project deleted while a terminal still holds its folder keeps it until the lease ends.
    expect((await open.client.delete(`/api/projects/${open.project.id}`)).statusCode).toBe(200);
    const stray = path.join(t.dataDir, 'workspaces', 'not-a-project');
    await mkdir(stray);

    expect(await t.app.workspaces.removeOrphans()).toBe(1);
    await expect(stat(gone.lease.path)).rejects.toThrow();
    expect((await stat(kept.lease.path)).isDirectory()).toBe(true);
    expect((await stat(open.lease.path)).isDirectory()).toBe(true);
    expect((await stat(stray)).isDirectory()).toBe(true);
  });

  it("refuses another user's project and one that does not exist", async () => {
    const w = await openWorkspace();
    released.push(w.lease);
    const stranger = await signUp(t.app);
    await expect(
      t.app.workspaces.acquire({ projectId: w.project.id, userId: stranger.user.id }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      t.app.workspaces.acquire({ projectId: 'not-a-project', userId: w.user.id }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
