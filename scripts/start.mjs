// `npm start`: builds the client and server only when missing or older than their sources,
// then runs Kiln in production mode.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './freshness.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);
const shared = [at('shared/src'), at('package-lock.json')];

const builds = [
  {
    name: 'client',
    output: at('client/dist/index.html'),
    sources: [
      at('client/src'),
      at('client/public'),
      at('client/index.html'),
      at('client/vite.config.ts'),
      ...shared,
    ],
  },
  {
    name: 'server',
    output: at('server/dist/main.js'),
    sources: [at('server/src'), at('server/scripts'), at('server/templates'), ...shared],
  },
];

for (const build of builds) {
  if (!isStale(build.output, build.sources)) continue;
  console.log(`Building the ${build.name}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.name], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', at('server/dist/main.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
