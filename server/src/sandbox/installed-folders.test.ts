import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../test/system-programs';
import { createSandbox, type ManagedSandbox } from './create-sandbox';

const log = { info() {}, warn() {}, error() {} } as never;

async function writeModule(folder: string, name: string, text: string): Promise<void> {
  await mkdir(path.join(folder, name), { recursive: true });
  await writeFile(
    path.join(folder, name, 'index.js'),
    `module.exports = ${JSON.stringify(text)};\n`,
  );
}

/** Installed packages in a workspace, as runs see them (decision 0016). */
describe('a run over a workspace with installed packages', needs('bwrap', 'python3'), () => {
  let sandbox: ManagedSandbox;
  let root: string;

  beforeAll(async () => {
    sandbox = await createSandbox(
      { preference: 'bubblewrap', pythonCommand: 'python3', maxIdleWorkers: 1 },
      log,
    );
    root = await mkdtemp(path.join(os.tmpdir(), 'kiln-installed-'));
    await chmod(root, 0o755);
  });

  afterAll(async () => {
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });

  const workspace = async (name: string) => {
    const folder = path.join(root, name);
    await mkdir(folder, { recursive: true, mode: 0o755 });
    return folder;
  };

  const run = (
    workspacePath: string,
    code: string,
    extra: { path: string; content: string }[] = [],
  ) =>
    sandbox.run({
      language: 'javascript',
      entry: 'main.js',
      files: [{ path: 'main.js', content: code }, ...extra],
      env: {},
      workspace: workspacePath,
    });

  it('sees node_modules read-only, and not the project files planted under it', async () => {
    const folder = await workspace('plain');
    await writeModule(path.join(folder, 'node_modules'), 'greet', 'hello from node_modules');
    const outcome = await run(
      folder,
      `console.log(require('greet'));
       try { require('fs').writeFileSync('node_modules/x.js', ''); } catch (e) { console.log(e.code); }
       console.log(require('fs').existsSync('node_modules/planted.js'));`,
      [{ path: 'node_modules/planted.js', content: 'planted' }],
    );
    expect(outcome.error).toBeNull();
    expect(outcome.output).toBe('hello from node_modules\nEROFS\nfalse\n');
  });

  it('does not follow a node_modules that is a link to elsewhere', async () => {
    const elsewhere = await workspace('elsewhere');
    await writeModule(elsewhere, 'greet', 'from somewhere else');
    const folder = await workspace('linked');
    await symlink(elsewhere, path.join(folder, 'node_modules'));
    const outcome = await run(folder, "console.log(require('greet'));");
    expect(outcome.exitCode).toBe(1);
    expect(outcome.error).toContain("Cannot find module 'greet'");
  });

  it("runs Python with a .venv's own interpreter", async () => {
    const folder = await workspace('venv');
    const made = spawnSync('/usr/bin/python3', ['-m', 'venv', '--without-pip', '.venv'], {
      cwd: folder,
    });
    expect(made.status, made.stderr?.toString()).toBe(0);
    const outcome = await sandbox.run({
      language: 'python',
      entry: 'main.py',
      files: [{ path: 'main.py', content: 'import sys\nprint(sys.prefix)\n' }],
      env: {},
      workspace: folder,
    });
    expect(outcome.output).toBe('/home/kiln/project/.venv\n');
  });

  it('runs as before without a workspace, or with one that has nothing installed', async () => {
    const empty = await workspace('empty');
    expect((await run(empty, 'console.log(1)')).output).toBe('1\n');
    const outcome = await sandbox.run({
      language: 'javascript',
      entry: 'main.js',
      files: [{ path: 'main.js', content: 'console.log(2)' }],
      env: {},
    });
    expect(outcome.output).toBe('2\n');
  });
});
