import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ProjectFile } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from './system-programs';
import { readProjectBundle } from '../modules/deployment/project-bundle';
import { MAX_SYNCED_ENTRIES, TOO_MANY_ENTRIES } from '../modules/workspaces/project-sync';
import { createTestApp, type TestApp } from './app';
import { signUp } from './factories';
import { createFile, createProject } from './project-files';
import { startVerdaccio, type LocalRegistry } from './verdaccio';

/** Every file under a folder with a digest of its bytes, links as their targets: a snapshot. */
async function snapshot(folder: string, skip: (relative: string) => boolean = () => false) {
  const seen = new Map<string, string>();
  const visit = async (relative: string) => {
    const names = await readdir(path.join(folder, relative)).catch(() => [] as string[]);
    for (const name of names) {
      const child = relative ? `${relative}/${name}` : name;
      if (skip(child)) continue;
      const full = path.join(folder, child);
      const stats = await lstat(full);
      if (stats.isDirectory()) {
        seen.set(child, 'folder');
        await visit(child);
      } else if (stats.isFile()) {
        seen.set(
          child,
          createHash('sha1')
            .update(await readFile(full))
            .digest('hex'),
        );
      } else {
        seen.set(child, `special ${stats.mode}`);
      }
    }
  };
  await visit('');
  return seen;
}

/*
 * A workspace as hostile as a terminal can make it (links to /, to DATA_DIR, to another
 * project's workspace and to the secret key, link loops, a FIFO, a socket, a device, names with
 * newlines, a nest deeper than any path, a folder of 100,000 entries), walked through the sync,
 * an install, the file downloads and a deploy's bundle. Nothing outside the workspace may be
 * read or written, and the server must keep answering.
 */
describe.runIf(process.getuid?.() === 0)('a hostile workspace', needs('bwrap', 'python3'), () => {
  let t: TestApp;
  let registry: LocalRegistry;
  const host = mkdtempSync(path.join(os.tmpdir(), 'kiln-host-'));
  const secret = 'HOST SECRET 51d0';

  beforeAll(async () => {
    registry = await startVerdaccio();
    await registry.publish({ name: 'tiny-greet' });
    t = await createTestApp({ SANDBOX: 'bubblewrap', NPM_REGISTRY_URL: registry.url });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await writeFile(path.join(host, 'secret.key'), secret, { mode: 0o600 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await registry?.close();
    await rm(host, { recursive: true, force: true });
  });

  it('reads and writes nothing outside it, and the server stays up', async () => {
    const victim = await signUp(t.app);
    const victimProject = await createProject(victim.client, 'Victim');
    await createFile(victim.client, victimProject.id, 'private.txt', { content: secret });
    const victimLease = await t.app.workspaces.acquire({
      projectId: victimProject.id,
      userId: victim.user.id,
    });

    const attacker = await signUp(t.app);
    const project = await createProject(attacker.client, 'Hostile');
    const lease = await t.app.workspaces.acquire({
      projectId: project.id,
      userId: attacker.user.id,
    });
    const at = (relative: string) => path.join(lease.path, relative);
    const outsideBefore = await snapshot(host);
    // DATA_DIR as a whole, but for the attacker's own workspace and the install's package cache.
    const dataSkip = (relative: string) =>
      relative === `workspaces/${project.id}` || relative === 'package-cache';
    // The sign-ups' verification mails are written to DATA_DIR's outbox by jobs: sent first.
    await t.settled();
    const dataBefore = await snapshot(t.dataDir, dataSkip);
    const serverKey = (await readFile(path.join(t.dataDir, 'secret.key'))).toString('base64');

    await symlink('/', at('to-root'));
    await symlink(t.dataDir, at('to-data'));
    await symlink(path.join(t.dataDir, 'secret.key'), at('secret.key'));
    await symlink(victimLease.path, at('to-victim'));
    await symlink(host, at('to-host'));
    await symlink('loop', at('loop'));
    await symlink('loop-b', at('loop-a'));
    await symlink('loop-a', at('loop-b'));
    await mkdir(at('src'));
    await symlink('../to-host/secret.key', at('src/relative-link.txt'));
    await writeFile(at('src/real.txt'), 'a real file\n');
    execFileSync('mkfifo', [at('pipe')]);
    const socket = net.createServer();
    await new Promise<void>((resolve) => socket.listen(at('socket'), resolve));
    execFileSync('mknod', [at('device'), 'c', '1', '3']);
    await writeFile(at('new\nline.txt'), 'a name with a newline\n');
    await mkdir(at('dir\nwith\nnewlines'));
    await writeFile(at('dir\nwith\nnewlines/x.txt'), 'x');
    let deep = 'nest';
    for (let depth = 0; depth < 40; depth += 1) deep += '/d';
    await mkdir(at(deep), { recursive: true });
    await writeFile(at(`${deep}/too-deep.txt`), 'deeper than any project path');
    // A package manifest that is a link: never read by the server.
    await symlink(path.join(host, 'secret.key'), at('requirements.txt'));

    const first = await lease.flush();
    expect(first.problems).toEqual([]);
    const saved = (await attacker.client.get(`/api/files/${project.id}`)).json<ProjectFile[]>();
    const paths = saved.map((file) => file.path).sort();
    expect(paths).toEqual(
      ['README.md', 'index.js', 'nest', 'src', 'src/real.txt']
        .concat(Array.from({ length: 31 }, (_, index) => `nest${'/d'.repeat(index + 1)}`))
        .sort(),
    );

    // An install in the same workspace: npm runs in the sandbox, the server measures what it left.
    await writeFile(
      at('package.json'),
      JSON.stringify({ name: 'hostile', dependencies: { 'tiny-greet': '^1.0.0' } }),
    );
    await symlink(host, at('.npm'));
    const install = await attacker.client.post(`/api/packages/${project.id}/install`, {});
    expect(install.statusCode).toBe(200);
    expect(install.body).toContain('"type":"done"');

    // The file downloads and a deploy's bundle hold only what the project holds.
    const files = (await attacker.client.get(`/api/files/${project.id}`)).json<ProjectFile[]>();
    for (const file of files.filter((entry) => !entry.isDirectory)) {
      const raw = await attacker.client.get(
        `/api/files/${project.id}/raw?path=${encodeURIComponent(file.path)}`,
      );
      expect(raw.body, file.path).not.toContain(secret);
      expect(Buffer.from(raw.rawPayload).toString('base64')).not.toContain(serverKey);
    }
    const bundle = await readProjectBundle({
      db: t.database.db,
      userId: attacker.user.id,
      projectId: project.id,
    });
    expect(bundle.some((file) => file.bytes.toString('utf8').includes(secret))).toBe(false);

    // A folder of 100,000 entries: the sync stops saving from the disk, says why, deletes
    // nothing from the project, and the server keeps answering meanwhile.
    await mkdir(at('many'));
    execFileSync('/usr/bin/python3', [
      '-c',
      'import os,sys\nfor i in range(100000): os.close(os.open(os.path.join(sys.argv[1], "f%d" % i), os.O_CREAT | os.O_WRONLY, 0o644))',
      at('many'),
    ]);
    const [crowded, health] = await Promise.all([
      lease.flush(),
      attacker.client.get('/api/health'),
    ]);
    expect(health.statusCode).toBe(200);
    expect(crowded.problems).toEqual([TOO_MANY_ENTRIES]);
    expect(MAX_SYNCED_ENTRIES).toBeLessThan(100_000);
    const after = (await attacker.client.get(`/api/files/${project.id}`)).json<ProjectFile[]>();
    expect(after.map((file) => file.path)).toEqual(expect.arrayContaining(['src/real.txt']));
    expect(after.some((file) => file.path.startsWith('many'))).toBe(false);

    await new Promise((resolve) => socket.close(resolve));
    await lease.release();
    await victimLease.release();
    expect(await snapshot(host)).toEqual(outsideBefore);
    expect(await snapshot(t.dataDir, dataSkip)).toEqual(dataBefore);
    expect((await attacker.client.get('/api/health')).statusCode).toBe(200);
  });
});
