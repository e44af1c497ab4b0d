import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { startWheelIndex, type WheelIndex } from '../../test/wheel-index';
import { ownerWithProject } from './test-packages';

const MAIN = 'import tiny_wheel\nprint(tiny_wheel.GREETING)\n';

describe('Python installs through the registry proxy', needs('bwrap', 'python3'), () => {
  let index: WheelIndex;
  let t: TestApp;

  beforeAll(async () => {
    index = await startWheelIndex();
    index.addWheel({ name: 'tiny-wheel', version: '1.0' });
    index.addSourceOnly('only-source');
    t = await createTestApp({ PIP_INDEX_URL: index.url });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await index?.close();
  });

  it('installs requirements.txt into .venv, and runs import the package', async () => {
    const p = await ownerWithProject(t.app, {
      'requirements.txt': 'tiny-wheel==1.0\n',
      'main.py': MAIN,
    });
    const before = await p.run('main.py', MAIN);
    expect(before.missingPackage).toEqual({
      name: 'tiny_wheel',
      ecosystem: 'python',
      manifest: 'requirements.txt',
      listed: true,
    });

    const installed = await p.install();
    expect(installed.done, installed.output).toMatchObject({ ok: true });
    expect(installed.done.message).toMatch(
      /^Installed the packages of requirements\.txt \(\.venv: [\d.]+ MB in [\d,]+ files\)\.$/,
    );
    expect(installed.output).toContain('$ python3 -m venv .venv');
    expect(installed.output).toContain('$ pip install -r requirements.txt');
    expect(installed.output).toContain('Successfully installed tiny-wheel-1.0');
    // Only the index page and the wheel were asked for, through the proxy.
    expect(index.requests).toContain('/simple/tiny-wheel/');
    expect(index.requests).toContain('/files/tiny_wheel-1.0-py3-none-any.whl');
    const workspace = t.app.workspaces.folderOf(p.project.id);
    expect((await stat(path.join(workspace, '.venv/bin/python'))).isFile()).toBe(true);

    const after = await p.run('main.py', MAIN);
    expect(after).toMatchObject({ exitCode: 0, output: 'hello from tiny-wheel\n', error: null });
    expect((await p.status()).ecosystems).toEqual([
      expect.objectContaining({
        ecosystem: 'python',
        manifest: 'requirements.txt',
        folder: '.venv',
        installed: true,
        upToDate: true,
      }),
    ]);
  }, 120_000);

  it('installs the [project] dependencies of pyproject.toml', async () => {
    const p = await ownerWithProject(t.app, {
      'pyproject.toml':
        '[project]\nname = "app"\nversion = "0.1"\ndependencies = ["tiny-wheel>=1"]\n',
      'main.py': MAIN,
    });
    const installed = await p.install();
    expect(installed.done, installed.output).toMatchObject({ ok: true });
    expect(installed.output).toContain('$ pip install <the dependencies of pyproject.toml>');
    expect((await p.run('main.py', MAIN)).output).toBe('hello from tiny-wheel\n');
  }, 120_000);

  it('says so when a project does not exist or has no wheel', async () => {
    const p = await ownerWithProject(t.app, { 'requirements.txt': 'no-such-project\n' });
    const missing = await p.install();
    expect(missing.done).toMatchObject({
      ok: false,
      message:
        "No package named 'no-such-project' exists in the Python package index: check its name in requirements.txt.",
    });

    await p.write('requirements.txt', 'only-source\n');
    const sourceOnly = await p.install();
    expect(sourceOnly.done).toMatchObject({
      ok: false,
      message:
        "'only-source' has no wheel (a ready-built package) on the Python package index: Kiln installs Python packages from wheels only and never builds them from source.",
    });
    expect(index.requests.some((request) => request.endsWith('.tar.gz'))).toBe(false);
  }, 120_000);
});
