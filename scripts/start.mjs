// `npm start`: builds the client and server only when missing or older than their sources,
// then runs Kiln in production mode.
//
// A first start does its work two at a time, one per core: the client's bundle (Vite) beside
// the server's build followed by the embedded database's creation and migrations (the longest
// part of a first boot). The server starts once both are done, and the client's assets are
// compressed beside its boot: until a file's .br and .gz exist it is sent as it is.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './freshness.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);
const shared = [at('shared/src'), at('package-lock.json')];
const args = process.argv.slice(2);
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };

/** Runs a command to its end with this terminal; resolves, or exits with its status. */
function run(command, commandArgs, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env, ...options });
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else process.exit(code ?? (signal ? 1 : 0));
    });
  });
}

const clientBundle = at('client/dist/index.html');
/** Written by the compression when it has finished (client/scripts/precompress.mjs). */
const compressedMarker = at('client/dist/.compressed');

const clientStale = isStale(clientBundle, [
  at('client/src'),
  at('client/public'),
  at('client/index.html'),
  at('client/vite.config.ts'),
  ...shared,
]);

async function buildClient() {
  if (!clientStale) return;
  console.log('Building the client...');
  await run('npx', ['vite', 'build'], { cwd: at('client') });
}

async function buildServerAndDatabase() {
  const sources = [at('server/src'), at('server/scripts'), at('server/templates'), ...shared];
  if (isStale(at('server/dist/main.js'), sources)) {
    console.log('Building the server...');
    await run('npm', ['run', 'build', '-w', 'server']);
  }
  // Only worth a process of its own while the client builds beside it: otherwise the boot
  // opens (and if need be creates) the database itself.
  if (clientStale) {
    await run(process.execPath, [at('server/dist/main.js'), '--prepare-database', ...args]);
  }
}

/** Compresses the client's assets beside the server when the last compression did not finish. */
function compressWhenNeeded() {
  const done =
    existsSync(compressedMarker) &&
    statSync(compressedMarker).mtimeMs >= statSync(clientBundle).mtimeMs;
  if (done) return;
  const child = spawn(process.execPath, [at('client/scripts/precompress.mjs'), at('client/dist')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code !== 0)
      console.error('Compressing the client assets failed: they are sent as they are.');
  });
  return child;
}

await Promise.all([buildClient(), buildServerAndDatabase()]);
const compressing = compressWhenNeeded();

const server = spawn(
  process.execPath,
  ['--enable-source-maps', at('server/dist/main.js'), ...args],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    compressing?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  compressing?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
