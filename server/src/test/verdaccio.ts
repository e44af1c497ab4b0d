import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { freePort } from './free-port';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A package to publish: its package.json fields and its files. */
export interface TinyPackage {
  name: string;
  version?: string;
  /** Defaults to `module.exports = 'hello from <name>';` in index.js. */
  files?: Record<string, string>;
  dependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

export interface LocalRegistry {
  /** With a trailing slash, as NPM_REGISTRY_URL. */
  url: string;
  publish(tiny: TinyPackage): Promise<void>;
  close(): Promise<void>;
}

const VERDACCIO = fileURLToPath(new URL('../../../node_modules/.bin/verdaccio', import.meta.url));

/**
 * A real npm registry on 127.0.0.1 (Verdaccio) with no uplink, so nothing reaches the internet:
 * it holds only what the test publishes, with `npm publish` as a person would.
 */
export async function startVerdaccio(): Promise<LocalRegistry> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-verdaccio-'));
  const port = await freePort();
  const config = path.join(root, 'config.yaml');
  await writeFile(
    config,
    [
      `storage: ${JSON.stringify(path.join(root, 'storage'))}`,
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $anonymous',
      '    unpublish: $anonymous',
      'web:',
      '  enable: false',
      'log: { type: stdout, format: json, level: error }',
      'max_body_size: 50mb',
      '',
    ].join('\n'),
  );
  const child = spawn(VERDACCIO, ['--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root },
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntilAnswering(`${url}-/ping`, child, () => log);
  } catch (error) {
    await stop(child);
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const npmHome = path.join(root, 'npm-home');
  await mkdir(npmHome);
  await writeFile(path.join(npmHome, '.npmrc'), '');
  let sequence = 0;
  return {
    url,
    async publish(tiny) {
      sequence += 1;
      const folder = path.join(root, 'packages', `${sequence}`);
      await mkdir(folder, { recursive: true });
      const files = tiny.files ?? {
        'index.js': `module.exports = ${JSON.stringify(`hello from ${tiny.name}`)};\n`,
      };
      const manifest = {
        name: tiny.name,
        version: tiny.version ?? '1.0.0',
        main: 'index.js',
        license: 'MIT',
        ...(tiny.dependencies ? { dependencies: tiny.dependencies } : {}),
        ...(tiny.scripts ? { scripts: tiny.scripts } : {}),
      };
      await writeFile(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
      for (const [name, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
        await writeFile(path.join(folder, name), content);
      }
      await runNpm(
        [
          'publish',
          '--registry',
          url,
          `--//127.0.0.1:${port}/:_authToken=anonymous`,
          '--ignore-scripts',
          '--no-audit',
          '--loglevel=error',
        ],
        { cwd: folder, home: npmHome },
      );
    },
    async close() {
      await stop(child);
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited: ${log()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Verdaccio did not start within 30 s: ${log()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** npm run on the host, as a developer would, with a private home so no user config leaks in. */
export function runNpm(args: string[], options: { cwd: string; home: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: options.home,
        npm_config_cache: path.join(options.home, '.npm'),
        npm_config_update_notifier: 'false',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`npm ${args[0]} failed: ${output}`)),
    );
  });
}
