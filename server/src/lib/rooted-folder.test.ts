import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { RootedFolder } from './rooted-folder';

/*
 * The sandbox may put anything in a workspace: links to anywhere, FIFOs, sockets, folders nested
 * past any limit. Each case here is what a program in the sandbox can do; `outside` stands for
 * the host's files, which must never be read, written or removed.
 */
describe('a folder opened without following links', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'kiln-rooted-'));
  const workspace = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  afterAll(() => rm(base, { recursive: true, force: true }));

  beforeEach(async () => {
    await rm(workspace, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
    await mkdir(workspace);
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'host secret');
  });

  const inWorkspace = (relative: string) => path.join(workspace, relative);
  const withFolder = <T>(work: (rooted: RootedFolder) => Promise<T>) =>
    RootedFolder.with(workspace, work);

  it('reads plain files and refuses links, to files and through folders', async () => {
    await mkdir(inWorkspace('src'));
    await writeFile(inWorkspace('src/a.txt'), 'mine');
    await symlink(path.join(outside, 'secret.txt'), inWorkspace('link.txt'));
    await symlink(outside, inWorkspace('linked'));
    await withFolder(async (rooted) => {
      expect(await rooted.readFile('src/a.txt', 100)).toMatchObject({ kind: 'file' });
      expect(await rooted.readFile('link.txt', 100)).toEqual({ kind: 'not-a-file' });
      expect(await rooted.readFile('linked/secret.txt', 100)).toEqual({ kind: 'missing' });
      expect(await rooted.entry('linked/secret.txt')).toBeNull();
      expect((await rooted.entry('linked'))!.isSymbolicLink()).toBe(true);
      expect(await rooted.isFolder('linked')).toBe(false);
    });
  });

  it('never reads a FIFO, a socket, or more than the limit', async () => {
    execFileSync('mkfifo', [inWorkspace('pipe')]);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(inWorkspace('socket'), resolve));
    await writeFile(inWorkspace('big.bin'), Buffer.alloc(2048));
    try {
      await withFolder(async (rooted) => {
        // Opening a FIFO for reading would wait for a writer forever: it answers at once.
        expect(await rooted.readFile('pipe', 100)).toEqual({ kind: 'not-a-file' });
        expect(await rooted.readFile('socket', 100)).toEqual({ kind: 'not-a-file' });
        expect(await rooted.readFile('big.bin', 1024)).toEqual({ kind: 'too-large', size: 2048 });
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('writes into a real folder where a link stood, never through the link', async () => {
    await symlink(outside, inWorkspace('evil'));
    await symlink(path.join(outside, 'secret.txt'), inWorkspace('target.txt'));
    await withFolder(async (rooted) => {
      await rooted.writeFile('evil/x.txt', Buffer.from('planted'), { owner: null });
      await rooted.writeFile('target.txt', Buffer.from('replaced'), { owner: null });
      await rooted.makeFolder('evil/deeper/still', null);
    });
    expect((await readdir(outside)).sort()).toEqual(['secret.txt']);
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('host secret');
    expect((await lstat(inWorkspace('evil'))).isDirectory()).toBe(true);
    expect(await readFile(inWorkspace('evil/x.txt'), 'utf8')).toBe('planted');
    expect((await lstat(inWorkspace('target.txt'))).isFile()).toBe(true);
    expect(await readFile(inWorkspace('target.txt'), 'utf8')).toBe('replaced');
  });

  it('replaces a folder standing where a file goes, and leaves no staged file behind', async () => {
    await mkdir(inWorkspace('name/inner'), { recursive: true });
    await symlink(outside, inWorkspace('name/inner/link'));
    await withFolder((rooted) =>
      rooted.writeFile('name', Buffer.from('a file now'), { owner: null }),
    );
    expect(await readFile(inWorkspace('name'), 'utf8')).toBe('a file now');
    expect(await readdir(workspace)).toEqual(['name']);
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('removes folders holding links as links, and refuses to leave the folder', async () => {
    await mkdir(inWorkspace('data/sub'), { recursive: true });
    await symlink(outside, inWorkspace('data/sub/to-outside'));
    await symlink('/', inWorkspace('data/to-root'));
    await symlink('loop', inWorkspace('data/loop'));
    await withFolder(async (rooted) => {
      await expect(rooted.remove('../outside')).rejects.toThrow(/plain relative path/);
      await expect(rooted.readFile('/etc/passwd', 100)).rejects.toThrow(/plain relative path/);
      await rooted.remove('data');
      await rooted.remove('never-there/at-all');
    });
    expect(await readdir(workspace)).toEqual([]);
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('host secret');
  });

  it('removes a nest deeper than it keeps handles open for', async () => {
    // 150 levels of 16 letters: past the 64 handles a removal keeps open, and past PATH_MAX.
    const deep = ['nest', ...Array.from({ length: 150 }, () => 'dddddddddddddddd')].join('/');
    await withFolder(async (rooted) => {
      await rooted.writeFile(`${deep}/leaf.txt`, Buffer.from('deep'), { owner: null });
      await rooted.remove('nest');
    });
    expect(await readdir(workspace)).toEqual([]);
  });

  it('gives back every handle it opened, whatever stood in the way', async () => {
    await mkdir(inWorkspace('a/b'), { recursive: true });
    await symlink(outside, inWorkspace('a/link'));
    await writeFile(inWorkspace('a/file'), 'x');
    const openHandles = async () => (await readdir('/proc/self/fd')).length;
    const before = await openHandles();
    await withFolder(async (rooted) => {
      for (let round = 0; round < 50; round += 1) {
        await rooted.readFile('a/b/missing/deeper.txt', 10);
        await rooted.readFile('a/link/secret.txt', 10);
        await rooted.readFile('a/file/under-a-file', 10);
        await rooted.entry('a/b/c/d');
        await rooted.remove('a/b/missing');
      }
    });
    expect(await openHandles()).toBe(before);
  });

  it('walks without entering links, and stops when asked', async () => {
    await mkdir(inWorkspace('src/lib'), { recursive: true });
    await writeFile(inWorkspace('src/lib/a.ts'), 'a');
    await symlink(outside, inWorkspace('src/outside'));
    await symlink('/', inWorkspace('root'));
    const seen: string[] = [];
    await withFolder((rooted) =>
      rooted.walk({ maxDepth: 32, visit: (entry) => void seen.push(entry.path) }),
    );
    expect(seen.sort()).toEqual(['root', 'src', 'src/lib', 'src/lib/a.ts', 'src/outside']);
    const firstTwo: string[] = [];
    await withFolder((rooted) =>
      rooted.walk({
        maxDepth: 32,
        visit: (entry) => {
          firstTwo.push(entry.path);
          return firstTwo.length < 2;
        },
      }),
    );
    expect(firstTwo).toHaveLength(2);
  });

  it('never reads a host file while a folder is swapped for a link and back', async () => {
    await mkdir(inWorkspace('sub'));
    await writeFile(inWorkspace('sub/secret.txt'), 'workspace text');
    const swapped = inWorkspace('sub-swap');
    await symlink(outside, swapped);
    let swapping = true;
    // The attacker's loop: `sub` is a folder one moment and a link to the host the next.
    const attacker = (async () => {
      const parked = inWorkspace('sub-parked');
      while (swapping) {
        await rename(inWorkspace('sub'), parked).catch(() => undefined);
        await rename(swapped, inWorkspace('sub')).catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        await rename(inWorkspace('sub'), swapped).catch(() => undefined);
        await rename(parked, inWorkspace('sub')).catch(() => undefined);
      }
    })();
    const texts = new Set<string>();
    try {
      await withFolder(async (rooted) => {
        for (let attempt = 0; attempt < 2000; attempt += 1) {
          const outcome = await rooted.readFile('sub/secret.txt', 100);
          if (outcome.kind === 'file') texts.add(outcome.bytes.toString('utf8'));
        }
      });
    } finally {
      swapping = false;
      await attacker;
    }
    expect(texts.has('host secret')).toBe(false);
    expect(texts.has('workspace text')).toBe(true);
  });
});
