import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProjectFile } from '@kiln/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import type { WorkspaceLease } from './types';

/** Swaps workspace/sub between a folder and a link to the host, rewriting the file now and then. */
const SWAPPER = `
import os, sys, random
workspace, host = sys.argv[1], sys.argv[2]
sub, folder, link = (os.path.join(workspace, n) for n in ('sub', 'sub-folder', 'sub-link'))
os.symlink(host, link)
# The folder itself, wherever its name is at the moment: writes never go through the link.
held = os.open(sub, os.O_RDONLY | os.O_DIRECTORY)
while True:
    for source, target in ((sub, folder), (link, sub), (sub, link), (folder, sub)):
        try:
            os.rename(source, target)
        except OSError:
            pass
    if random.random() < 0.01:
        fd = os.open('secret.key', os.O_WRONLY | os.O_TRUNC, dir_fd=held)
        os.write(fd, b'workspace %f' % random.random())
        os.close(fd)
`;

/*
 * A terminal writes the workspace as the sandbox's user, and the server syncs it as itself
 * (root, in production). Each case is one a program in a terminal can set up; `host` stands for
 * the server's own files (DATA_DIR, secret.key, other workspaces), which must stay untouched and
 * unread.
 */
describe('workspace sync against links a terminal made', needs('python3'), () => {
  let t: TestApp;
  let host = '';
  const secret = 'HOST-ONLY SECRET 7f3a';
  const released: WorkspaceLease[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  // Each case gets host files of its own, so one case's leak cannot pass for another's.
  beforeEach(async () => {
    host = mkdtempSync(path.join(os.tmpdir(), 'kiln-host-'));
    await writeFile(path.join(host, 'secret.key'), secret, { mode: 0o600 });
  });
  afterEach(() => rm(host, { recursive: true, force: true }));
  afterAll(async () => {
    for (const lease of released) await lease.release();
    await t.close();
  });

  async function openWorkspace() {
    const owner = await signUp(t.app);
    const project = await createProject(owner.client, `Hostile ${Math.random()}`);
    const lease = await t.app.workspaces.acquire({ projectId: project.id, userId: owner.user.id });
    released.push(lease);
    const list = async () =>
      (await owner.client.get(`/api/files/${project.id}`)).json<ProjectFile[]>();
    const onDisk = (filePath: string) => path.join(lease.path, filePath);
    return { ...owner, project, lease, list, onDisk };
  }

  const hostListing = async () => (await readdir(host)).sort();

  it('writes a file the editor creates under a linked folder into the workspace, not the host', async () => {
    const w = await openWorkspace();
    await symlink(host, w.onDisk('evil'));
    await symlink(t.dataDir, w.onDisk('data'));
    await w.lease.flush();
    await createFile(w.client, w.project.id, 'evil/x.txt', { content: 'planted' });
    await createFile(w.client, w.project.id, 'data/beside-the-database.txt', { content: 'x' });
    await w.lease.flush();
    expect(await hostListing()).toEqual(['secret.key']);
    expect(await readdir(t.dataDir)).not.toContain('beside-the-database.txt');
    expect(await readFile(w.onDisk('evil/x.txt'), 'utf8')).toBe('planted');
  });

  it('never follows a link when the editor deletes a folder or saves a file', async () => {
    const w = await openWorkspace();
    await createFile(w.client, w.project.id, 'assets/logo.txt', { content: 'logo' });
    await w.lease.flush();
    await writeFile(path.join(host, 'keep.txt'), 'keep');
    // The terminal swaps the folder for a link to the host, and index.js for a link to a file.
    await rm(w.onDisk('assets'), { recursive: true });
    await symlink(host, w.onDisk('assets'));
    await rm(w.onDisk('index.js'));
    await symlink(path.join(host, 'keep.txt'), w.onDisk('index.js'));
    await w.lease.flush();
    const files = await w.list();
    const assets = files.find((file) => file.path === 'assets');
    if (assets) await w.client.delete(`/api/files/${assets.id}`);
    const index = files.find((file) => file.path === 'index.js');
    if (index) await w.client.patch(`/api/files/${index.id}`, { content: 'saved\n' });
    await w.lease.flush();
    expect((await hostListing()).sort()).toEqual(['keep.txt', 'secret.key']);
    expect(await readFile(path.join(host, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('never saves a host file to the project while a folder and a link are swapped', async () => {
    const w = await openWorkspace();
    await mkdir(w.onDisk('sub'));
    await writeFile(w.onDisk('sub/secret.key'), 'workspace text');
    await w.lease.flush();
    // The attacker is a process of its own, as a terminal's loop is: `sub` flips between the
    // folder and a link to the host as fast as renames go.
    const attacker = spawn('/usr/bin/python3', ['-c', SWAPPER, w.lease.path, host], {
      stdio: 'ignore',
    });
    // Any version the project held counts, not only the last: each pass's is looked at.
    const leaked = async () =>
      (await w.list()).some((file) => (file.content ?? '').includes(secret));
    let passesThatLeaked = 0;
    try {
      for (let pass = 0; pass < 150; pass += 1) {
        await w.lease.flush();
        if (await leaked()) passesThatLeaked += 1;
      }
    } finally {
      attacker.kill('SIGKILL');
    }
    expect(passesThatLeaked).toBe(0);
  });
});
