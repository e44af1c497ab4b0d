// `npm run dev`: the server with reload on change (tsx watch) behind Vite's dev server with hot
// module replacement. Open http://127.0.0.1:5000; Vite forwards /api and /ws to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const apiPort = process.env.KILN_DEV_API_PORT ?? '5010';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:5000',
    },
  }),
  spawn('npx', ['vite'], {
    cwd: path.join(root, 'client'),
    stdio: 'inherit',
    env: { ...process.env, KILN_API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
