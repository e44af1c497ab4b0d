import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { startVerdaccio, type LocalRegistry } from '../../test/verdaccio';
import { ownerWithProject } from './test-packages';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Writes the project root's file from an install script, naming the host it ran on. */
const MARK_SCRIPT =
  "node -e \"require('fs').writeFileSync(require('path').join(process.env.INIT_CWD, 'postinstall-ran.txt'), require('os').hostname())\"";

describe('npm installs through the registry proxy', needs('bwrap'), () => {
  let registry: LocalRegistry;
  let t: TestApp;
  let limited: TestApp;

  beforeAll(async () => {
    registry = await startVerdaccio();
    await registry.publish({ name: 'tiny-greet' });
    await registry.publish({ name: 'tiny-other' });
    await registry.publish({ name: 'with-postinstall', scripts: { postinstall: MARK_SCRIPT } });
    await registry.publish({
      name: 'slow-postinstall',
      scripts: { postinstall: 'node -e "setTimeout(() => {}, 60000)"' },
    });
    const many: Record<string, string> = {};
    for (let index = 0; index < 40; index += 1) many[`lib/part-${index}.js`] = `// ${index}\n`;
    await registry.publish({ name: 'many-files', files: { 'index.js': '', ...many } });
    t = await createTestApp({ NPM_REGISTRY_URL: registry.url });
    limited = await createTestApp({
      NPM_REGISTRY_URL: registry.url,
      INSTALL_MAX_FILES: '30',
      INSTALL_TIMEOUT_SECONDS: '4',
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await limited?.close();
    await registry?.close();
  });

  it('installs package.json, keeps a portable lockfile, and runs see the package', async () => {
    const p = await ownerWithProject(t.app, {
      'package.json': JSON.stringify({ name: 'app', dependencies: { 'tiny-greet': '^1.0.0' } }),
      'index.js': "console.log(require('tiny-greet'));\n",
    });
    const before = await p.run('index.js', "console.log(require('tiny-greet'));\n");
    expect(before.exitCode).toBe(1);
    expect(before.missingPackage).toEqual({
      name: 'tiny-greet',
      ecosystem: 'npm',
      manifest: 'package.json',
      listed: true,
    });
    expect(before.error).toContain(
      "Hint: 'tiny-greet' is listed in package.json, but it is not installed",
    );
    expect(await p.status()).toEqual({
      ecosystems: [
        {
          ecosystem: 'npm',
          manifest: 'package.json',
          lockfile: null,
          folder: 'node_modules',
          installed: false,
          upToDate: false,
          installedAt: null,
        },
      ],
      allowScripts: false,
      installing: false,
    });

    const installed = await p.install();
    expect(installed.done, installed.output).toMatchObject({ ok: true });
    expect(installed.done.message).toMatch(
      /^Installed the packages of package\.json \(node_modules: [\d.]+ (KB|bytes) in \d+ files\)\.$/,
    );
    expect(installed.output).toContain('$ npm install');
    expect(installed.output).toContain('added 1 package');
    const workspace = t.app.workspaces.folderOf(p.project.id);
    expect(await exists(path.join(workspace, 'node_modules/tiny-greet/index.js'))).toBe(true);

    // The lockfile reached the project's files, naming the registry itself, not the proxy.
    const lockfile = await p.read('package-lock.json');
    expect(lockfile.statusCode).toBe(200);
    const lock = JSON.parse(lockfile.json<{ content: string }>().content) as {
      packages: Record<string, { resolved?: string }>;
    };
    expect(lock.packages['node_modules/tiny-greet']?.resolved).toBe(
      `${registry.url}tiny-greet/-/tiny-greet-1.0.0.tgz`,
    );

    const after = await p.run('index.js', "console.log(require('tiny-greet'));\n");
    expect(after).toMatchObject({ exitCode: 0, output: 'hello from tiny-greet\n', error: null });
    const status = await p.status();
    expect(status.ecosystems[0]).toMatchObject({
      lockfile: 'package-lock.json',
      installed: true,
      upToDate: true,
    });
    expect(Date.parse(status.ecosystems[0]!.installedAt!)).not.toBeNaN();

    const again = await p.install();
    expect(again.done).toMatchObject({
      ok: true,
      message: 'The packages of package.json are already installed and up to date.',
    });
    expect(again.output).not.toContain('$ npm');
  }, 120_000);

  it('reinstalls when package.json changes, and installs exactly the lockfile when forced', async () => {
    const p = await ownerWithProject(t.app, {
      'package.json': JSON.stringify({ name: 'app', dependencies: { 'tiny-greet': '^1.0.0' } }),
    });
    expect((await p.install()).done.ok).toBe(true);
    await p.write(
      'package.json',
      JSON.stringify({
        name: 'app',
        dependencies: { 'tiny-greet': '^1.0.0', 'tiny-other': '^1.0.0' },
      }),
    );
    expect((await p.status()).ecosystems[0]).toMatchObject({ installed: true, upToDate: false });

    // The lockfile no longer matches: `npm ci` refuses, and Kiln brings the lockfile up to date.
    const changed = await p.install();
    expect(changed.done, changed.output).toMatchObject({ ok: true });
    expect(changed.output).toContain('$ npm ci');
    expect(changed.output).toContain('package.json changed since package-lock.json was written');
    expect(changed.output).toContain('$ npm install');
    const run = await p.run(
      'both.js',
      "console.log(require('tiny-greet'), require('tiny-other'));\n",
    );
    expect(run.output).toBe('hello from tiny-greet hello from tiny-other\n');
    expect((await p.status()).ecosystems[0]).toMatchObject({ upToDate: true });

    // The portable lockfile names Verdaccio; npm in the sandbox maps it back to the proxy.
    const forced = await p.install({ force: true });
    expect(forced.done, forced.output).toMatchObject({ ok: true });
    expect(forced.output).toContain('$ npm ci');
    expect(forced.output).toContain('added 2 packages');
  }, 120_000);

  it('runs install scripts only when the project allows them, and then inside the sandbox', async () => {
    const p = await ownerWithProject(t.app, {
      'package.json': JSON.stringify({
        name: 'app',
        dependencies: { 'with-postinstall': '1.0.0' },
      }),
    });
    const marker = path.join(t.app.workspaces.folderOf(p.project.id), 'postinstall-ran.txt');
    const first = await p.install();
    expect(first.done, first.output).toMatchObject({ ok: true });
    expect(await exists(marker)).toBe(false);

    const allowed = await p.client.request('PUT', `/api/packages/${p.project.id}/settings`, {
      body: { allowScripts: true },
    });
    expect(allowed.json()).toEqual({ allowScripts: true });
    expect((await p.status()).allowScripts).toBe(true);
    const second = await p.install({ force: true });
    expect(second.done, second.output).toMatchObject({ ok: true });
    // The sandbox's host name: the script ran in bubblewrap, not on the server.
    expect(await readFile(marker, 'utf8')).toBe('kiln');
    // What the script wrote in the project reaches its files, as any write in a session does.
    expect((await p.read('postinstall-ran.txt')).json<{ content: string }>().content).toBe('kiln');
  }, 120_000);

  it('says so when a package does not exist', async () => {
    const p = await ownerWithProject(t.app, {
      'package.json': JSON.stringify({
        name: 'app',
        dependencies: { '@kiln-test/does-not-exist': '^1.0.0' },
      }),
    });
    const answer = await p.install();
    expect(answer.done).toMatchObject({
      ok: false,
      message:
        "No package named '@kiln-test/does-not-exist' exists in the npm registry: check its name in package.json.",
    });
    expect(answer.output).toContain('404');
    expect((await p.status()).ecosystems[0]).toMatchObject({ installed: false });
  }, 60_000);

  it('removes node_modules past the file limit, and stops an install past the time limit', async () => {
    const big = await ownerWithProject(limited.app, {
      'package.json': JSON.stringify({ name: 'app', dependencies: { 'many-files': '1.0.0' } }),
    });
    const tooMany = await big.install();
    expect(tooMany.done).toMatchObject({
      ok: false,
      message:
        'The packages of package.json take more than 30 files, the most a project may install, so node_modules was removed. Remove the packages you do not need and install again.',
    });
    const workspace = limited.app.workspaces.folderOf(big.project.id);
    expect(await exists(path.join(workspace, 'node_modules'))).toBe(false);
    expect((await big.status()).ecosystems[0]).toMatchObject({ installed: false });

    const slow = await ownerWithProject(limited.app, {
      'package.json': JSON.stringify({
        name: 'app',
        dependencies: { 'slow-postinstall': '1.0.0' },
      }),
    });
    await slow.client.request('PUT', `/api/packages/${slow.project.id}/settings`, {
      body: { allowScripts: true },
    });
    const started = Date.now();
    const stopped = await slow.install();
    expect(stopped.done).toMatchObject({
      ok: false,
      message: 'The install took longer than 4 seconds and was stopped.',
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 120_000);
});
