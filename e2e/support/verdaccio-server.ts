import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The npm registry of the e2e suite: Verdaccio on 127.0.0.1:VERDACCIO_PORT, with no uplink so
 * nothing reaches the internet, holding only what specs publish (publish-package.ts). The server
 * under test reaches it as NPM_REGISTRY_URL (playwright.config.ts). Its storage is a temporary
 * folder, removed when the suite stops it.
 */
const port = Number(process.env.VERDACCIO_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('VERDACCIO_PORT must be a port');

const verdaccio = fileURLToPath(new URL('../../node_modules/.bin/verdaccio', import.meta.url));
const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-e2e-registry-'));
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
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n'),
);

const child = spawn(verdaccio, ['--config', config, '--listen', `127.0.0.1:${port}`], {
  stdio: 'inherit',
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root },
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
