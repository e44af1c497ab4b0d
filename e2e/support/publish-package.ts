import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The e2e registry (support/verdaccio-server.ts), as playwright.config.ts started it. */
export function registryUrl(): string {
  const url = process.env.KILN_E2E_REGISTRY_URL;
  if (!url) throw new Error('KILN_E2E_REGISTRY_URL is not set: run the suite with its config');
  return url;
}

/**
 * Publishes a one-file package to the e2e registry with `npm publish`, as its author would:
 * `index.js` exports `exported`.
 */
export async function publishPackage(options: {
  name: string;
  version?: string;
  exported: string;
}): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-package-'));
  try {
    const home = path.join(folder, 'home');
    const source = path.join(folder, 'package');
    await mkdir(home);
    await mkdir(source);
    await writeFile(
      path.join(source, 'package.json'),
      JSON.stringify({
        name: options.name,
        version: options.version ?? '1.0.0',
        main: 'index.js',
        license: 'MIT',
      }),
    );
    await writeFile(
      path.join(source, 'index.js'),
      `module.exports = ${JSON.stringify(options.exported)};\n`,
    );
    const registry = registryUrl();
    const host = registry.replace(/^https?:/, '');
    await run(
      'npm',
      [
        'publish',
        '--registry',
        registry,
        `--${host}:_authToken=e2e`,
        '--ignore-scripts',
        '--no-audit',
        '--loglevel=error',
      ],
      {
        cwd: source,
        // A home of its own: no npm settings of the machine's leak in.
        env: { PATH: process.env.PATH, HOME: home, npm_config_cache: path.join(home, '.npm') },
      },
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
