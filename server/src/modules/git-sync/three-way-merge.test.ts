import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { blobId, buildTreeObjects, MODE, type FlatTree } from './git-objects';
import { mergeTrees } from './three-way-merge';

const tree = (entries: Record<string, string>): FlatTree =>
  new Map(Object.entries(entries).map(([path, oid]) => [path, { mode: MODE.file, oid }]));

describe('three-way merge by whole files', () => {
  it('takes a side changed alone, keeps what both changed alike, and flags the rest', () => {
    const base = tree({
      same: '1',
      ours: '1',
      theirs: '1',
      both: '1',
      alike: '1',
      gone: '1',
      kept: '1',
    });
    const local = tree({
      same: '1',
      ours: '2',
      theirs: '1',
      both: '2',
      alike: '3',
      kept: '2',
      mine: '9',
    });
    const remote = tree({
      same: '1',
      ours: '1',
      theirs: '2',
      both: '3',
      alike: '3',
      gone: '1',
      new: '5',
    });
    const { take, conflicts } = mergeTrees(base, local, remote);
    expect(
      Object.fromEntries([...take].map(([path, entry]) => [path, entry?.oid ?? null])),
    ).toEqual({
      theirs: '2',
      new: '5',
    });
    // `kept` changed here and was deleted there; `gone` deleted here, unchanged there.
    expect(conflicts).toEqual(['both', 'kept']);
  });

  it('with no common base, files one side has are taken and differing files conflict', () => {
    const { take, conflicts } = mergeTrees(
      new Map(),
      tree({ a: '1', b: '2' }),
      tree({ b: '3', c: '4', a: '1' }),
    );
    expect([...take.keys()]).toEqual(['c']);
    expect(conflicts).toEqual(['b']);
  });
});

describe('tree objects', needs('git'), () => {
  it('get the ids the git command line gives the same files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-tree-'));
    const files: Record<string, Buffer> = {
      'README.md': Buffer.from('# Hi\n'),
      'src/a.js': Buffer.from('a\n'),
      'src/a/b.js': Buffer.from('b\n'),
      'src-x.js': Buffer.from('x\n'),
      'src.js': Buffer.from('s\n'),
      'ünï/ćödé.txt': Buffer.from('unicode\n'),
      'bin/data': Buffer.from([0, 1, 2, 255]),
    };
    const flat: FlatTree = new Map();
    for (const [file, bytes] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await fs.writeFile(path.join(dir, file), bytes);
      flat.set(file, { mode: MODE.file, oid: blobId(bytes) });
    }
    const git = (args: string[]) =>
      promisify(execFile)('git', args, {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
      });
    await git(['init', '-q']);
    await git(['add', '-A']);
    const { stdout } = await git(['write-tree']);
    expect(buildTreeObjects(flat).root).toBe(stdout.trim());
    await fs.rm(dir, { recursive: true, force: true });
  });
});
