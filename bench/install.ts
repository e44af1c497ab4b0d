// bench/install: a lockfile of 50 packages installed through Kiln (POST
// /api/packages/{id}/install: sandbox, registry proxy, archive cache) compared with `npm ci` run
// directly on this machine with npm's own cache warm (the physical limit). Both install the same
// lockfile from the same local Verdaccio, which holds 50 generated packages and never reaches
// the internet. Kiln keeps npm's cache in the project's workspace, so its second install reads
// tarballs from there as the direct one does; a third series empties that cache first, so every
// tarball comes through the registry proxy from Kiln's archive cache (a new project, say).
// Goal: Kiln (warm) within 1.5x of the direct `npm ci` at p50.
// Run: npm run installs -w bench (SAMPLES=n sets the samples per side, 10 by default). Not
// "install": npm would run a script of that name on every npm install of the repository.
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { loadEnv } from '../server/src/env';
import { startVerdaccio, type LocalRegistry } from '../server/src/test/verdaccio';
import { cleanEnv } from './lib/clean-env';
import { BenchClient, printTable } from './lib/server';

const PACKAGES = 50;
const SAMPLES = Number(process.env.SAMPLES ?? 10);
const GOAL_RATIO = 1.5;
/** Publishing is npm's slowest step; a few at once fill the machine. */
const PUBLISH_AT_ONCE = 4;

const packageName = (index: number) => `bench-pkg-${String(index).padStart(2, '0')}`;

/**
 * 50 small packages, each a few files, the later ones depending on earlier ones, so npm resolves
 * a tree rather than a flat list.
 */
async function publishPackages(registry: LocalRegistry): Promise<void> {
  const indexes = Array.from({ length: PACKAGES }, (_, index) => index + 1);
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) {
      const index = indexes[next++]!;
      const dependencies: Record<string, string> = {};
      if (index > 10) dependencies[packageName(index - 10)] = '^1.0.0';
      await registry.publish({
        name: packageName(index),
        files: {
          'index.js': `module.exports = { name: ${JSON.stringify(packageName(index))} };\n`,
          'lib/util.js': `exports.double = (n) => n * 2; // ${'x'.repeat(index * 40)}\n`,
          'README.md': `# ${packageName(index)}\n\n${'A generated package. '.repeat(50)}\n`,
        },
        dependencies,
      });
    }
  };
  await Promise.all(Array.from({ length: PUBLISH_AT_ONCE }, worker));
}

const manifest = JSON.stringify(
  {
    name: 'install-bench',
    version: '1.0.0',
    dependencies: Object.fromEntries(
      Array.from({ length: PACKAGES }, (_, index) => [packageName(index + 1), '^1.0.0']),
    ),
  },
  null,
  2,
);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), max: sorted.at(-1) ?? NaN };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/** `npm ci` on the host, as a developer runs it, with npm's cache in `cache`. */
function directInstall(folder: string, cache: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      'npm',
      ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        cwd: folder,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...cleanEnv(), npm_config_cache: cache, npm_config_update_notifier: 'false' },
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`npm ci failed: ${errors}`)),
    );
  });
}

interface InstallDone {
  type: 'done';
  ok: boolean;
  message: string;
  durationMs: number;
}

async function kilnInstall(client: BenchClient, projectId: string, force: boolean) {
  const started = performance.now();
  const response = await client.request('POST', `/api/packages/${projectId}/install`, { force });
  const elapsed = performance.now() - started;
  const lines = response.body.toString().trim().split('\n');
  const done = JSON.parse(lines.at(-1) ?? '{}') as InstallDone;
  if (response.status !== 200 || done.type !== 'done' || !done.ok) {
    throw new Error(`install answered ${response.status}: ${response.body.toString()}`);
  }
  return { elapsed, server: done.durationMs, output: lines.join('\n') };
}

async function main() {
  console.log(
    `install bench on ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; ${SAMPLES} samples per side`,
  );
  const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-install-bench-'));
  // DATA_DIR is inside: sandboxes (nobody, for a root server) pass through to the workspaces.
  await chmod(root, 0o711);
  const registry = await startVerdaccio();
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'db') });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let client: BenchClient | null = null;
  try {
    const started = performance.now();
    await publishPackages(registry);
    console.log(`published ${PACKAGES} packages in ${ms(performance.now() - started)} ms`);

    const env = loadEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(root, 'data'),
      NPM_REGISTRY_URL: registry.url,
      SANDBOX: 'bubblewrap',
    });
    app = await buildApp({ env, database, clientDir: false, logger: false });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    client = new BenchClient(baseUrl);
    const email = `bench-${Date.now()}@example.com`;
    const registered = await client.request('POST', '/api/auth/register', {
      email,
      password: 'bench-password',
      name: 'Bench',
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const created = await client.request('POST', '/api/projects', {
      name: 'Install bench',
      empty: true,
    });
    if (created.status !== 201) throw new Error(`create project answered ${created.status}`);
    const projectId = created.json<{ id: string }>().id;
    const file = await client.request('POST', '/api/files', {
      projectId,
      path: 'package.json',
      content: manifest,
    });
    if (file.status !== 201) throw new Error(`package.json answered ${file.status}`);

    // The first install resolves the tree, writes the lockfile and fills Kiln's archive cache.
    const first = await kilnInstall(client, projectId, false);
    console.log(`first install through Kiln (npm install, cold): ${ms(first.elapsed)} ms`);
    const lockfile = await client.request(
      'GET',
      `/api/files/${projectId}/content?path=package-lock.json`,
    );
    const lock = lockfile.json<{ content: string }>().content;
    const packageCount = Object.keys(
      (JSON.parse(lock) as { packages: Record<string, unknown> }).packages,
    ).length;

    // The direct side: the same lockfile (its addresses are Verdaccio's), npm's cache warmed once.
    const direct = path.join(root, 'direct');
    const cache = path.join(root, 'npm-cache');
    await mkdir(direct, { recursive: true });
    await writeFile(path.join(direct, 'package.json'), manifest);
    await writeFile(path.join(direct, 'package-lock.json'), lock);
    await directInstall(direct, cache);

    const npmCache = path.join(app.workspaces.folderOf(projectId), '.npm');
    const kiln: number[] = [];
    const kilnServer: number[] = [];
    const proxied: number[] = [];
    const npm: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      // Alternated, so a change in the machine's load weighs on every side alike.
      const installed = await kilnInstall(client, projectId, true);
      if (!installed.output.includes('npm ci')) throw new Error('Kiln did not run npm ci');
      kiln.push(installed.elapsed);
      kilnServer.push(installed.server);
      npm.push(await directInstall(direct, cache));
      await rm(npmCache, { recursive: true, force: true });
      proxied.push((await kilnInstall(client, projectId, true)).elapsed);
    }
    const installedLock = await readFile(path.join(direct, 'package-lock.json'), 'utf8');
    if (installedLock !== lock) throw new Error('npm ci changed the lockfile');

    const kilnStats = summary(kiln);
    const serverStats = summary(kilnServer);
    const npmStats = summary(npm);
    const proxiedStats = summary(proxied);
    const ratio = kilnStats.p50 / npmStats.p50;
    console.log(`\n${packageCount - 1} packages in the lockfile (${PACKAGES} direct dependencies)`);
    printTable(
      ['install', 'p50 ms', 'max ms'],
      [
        ['npm ci, directly, npm cache warm', ms(npmStats.p50), ms(npmStats.max)],
        ['Kiln, as the client waits for it', ms(kilnStats.p50), ms(kilnStats.max)],
        ['Kiln, as the server times it', ms(serverStats.p50), ms(serverStats.max)],
        ['Kiln, npm cache empty (via the proxy)', ms(proxiedStats.p50), ms(proxiedStats.max)],
      ],
    );
    console.log(
      `\nthrough the proxy / direct at p50: ${(proxiedStats.p50 / npmStats.p50).toFixed(2)}x`,
    );
    console.log(
      `\nKiln / direct at p50: ${ratio.toFixed(2)}x (goal: at most ${GOAL_RATIO}x) ${
        ratio <= GOAL_RATIO ? 'MET' : 'MISSED'
      }`,
    );
  } finally {
    client?.close();
    await app?.close();
    await database.close();
    await registry.close();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
