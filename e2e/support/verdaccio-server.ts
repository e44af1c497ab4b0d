import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The npm registry of the e2e suite: Verdaccio on 127.0.0.1:VERDACCIO_PORT. Specs publish their
 * own packages to it (publish-package.ts), all named `kiln-e2e-*`, and those names are served
 * from here alone, so a spec's missing package is really missing. Every other name is fetched
 * from the registry this machine's npm uses: the templates need their real packages (React,
 * Vite, TypeScript, with native binaries per platform), which cannot be published locally.
 * Verdaccio keeps what it fetched in its storage, so a run downloads each tarball once. The
 * server under test reaches it as NPM_REGISTRY_URL (playwright.config.ts). Its storage is a
 * temporary folder, removed when the suite stops it.
 */
const port = Number(process.env.VERDACCIO_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('VERDACCIO_PORT must be a port');

/** One setting of the machine's own npm, or undefined when npm has none. */
function npmSetting(key: string): string | undefined {
  // Outside any workspace: npm refuses `config` inside one.
  const value = execFileSync('npm', ['config', 'get', key, '--workspaces=false'], {
    encoding: 'utf8',
  }).trim();
  return value === '' || value === 'null' || value === 'undefined' ? undefined : value;
}

const upstream = npmSetting('registry') ?? 'https://registry.npmjs.org/';
if (new URL(upstream).port === String(port)) {
  throw new Error(`npm's registry is this one (${upstream}): there is nothing to fetch from`);
}
// A registry reached through an inspecting proxy is signed by a certificate authority of the
// machine's, which npm is told of by `cafile` and Node by NODE_EXTRA_CA_CERTS.
const extraCertificates = process.env.NODE_EXTRA_CA_CERTS ?? npmSetting('cafile');

const verdaccio = fileURLToPath(new URL('../../node_modules/.bin/verdaccio', import.meta.url));
const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-registry-'));
const config = path.join(root, 'config.yaml');
await writeFile(
  config,
  [
    `storage: ${JSON.stringify(path.join(root, 'storage'))}`,
    'uplinks:',
    '  upstream:',
    `    url: ${JSON.stringify(upstream)}`,
    // Tarballs of native binaries are large and a shared machine is slow.
    '    timeout: 120s',
    '    maxage: 30m',
    'packages:',
    "  'kiln-e2e-*':",
    '    access: $all',
    '    publish: $anonymous',
    "  '**':",
    '    access: $all',
    '    proxy: upstream',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n'),
);

const child = spawn(verdaccio, ['--config', config, '--listen', `127.0.0.1:${port}`], {
  stdio: 'inherit',
  env: {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: root,
    ...(extraCertificates ? { NODE_EXTRA_CA_CERTS: extraCertificates } : {}),
  },
});

const cleanUp = async () => {
  await rm(root, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => {
  void cleanUp().then(() => process.exit(code ?? 0));
});
