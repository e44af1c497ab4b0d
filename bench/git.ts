// bench/git: Kiln's Git sync (isomorphic-git, trees built from the database) against the `git`
// command line doing the same work, both talking to one local smart-HTTP server
// (`git http-backend` behind server/src/test/git-server.ts).
// For projects of 10, 500 and 2,000 files (2 KB of text each, one in fifty a binary file):
//   first push   Kiln: POST /api/github/push of a linked project whose repository is empty.
//                git:  add, commit and push the same files from a working copy.
//   push 10      ten files changed, then pushed (Kiln: saved through the API first, not timed).
//   pull 10      another clone pushed ten changed files; Kiln: POST /api/github/pull;
//                git: `git pull` in a working copy that has none of them.
//   full pull    the whole branch into an empty project (POST /api/github/import) against
//                `git clone`. For context, the time the same files take to upload through the
//                file service (multipart, 1,000 a request): the database's share of an import.
// Goal: Kiln within 1.5x of git. Kiln's side runs in this process through `inject`, on the
// embedded database in a temporary folder, so the figures are its work, not a network's. The
// Git server runs in this process too, so its work shares Kiln's thread (not git's). Both
// sides start from a clean environment (the end of this file). The load average is printed
// at the start and the end: the machine may be shared.
// Run: npm run git -w bench  (no build needed)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { loadEnv } from '../server/src/env';
import { TestClient } from '../server/src/test/client';
import { startGitServer, type GitServer, type WorkingCopy } from '../server/src/test/git-server';
import { multipartBody } from '../server/src/test/multipart';
import { cleanEnv } from './lib/clean-env';
import { printTable } from './lib/server';

const SIZES = [10, 500, 2_000];
const REPEATS = 9;
const GOAL_RATIO = 1.5;

function projectFiles(count: number): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    const folder = `src/module-${index % 25}`;
    if (index % 50 === 49) {
      files.set(
        `${folder}/image-${index}.png`,
        Buffer.from(Array.from({ length: 2048 }, (_, byte) => (byte * index) % 256)),
      );
    } else {
      const line = `export const value${index} = ${JSON.stringify('x'.repeat(40))};\n`;
      files.set(`${folder}/file-${index}.js`, Buffer.from(line.repeat(40)));
    }
  }
  return files;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function expectStatus(response: { statusCode: number; body: string }, status = 200) {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');

async function main() {
  const loadAtStart = loadAverage();
  const server = await startGitServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-git-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // The Git server it measures against runs on this machine.
    GIT_PRIVATE_HOSTS: '127.0.0.1',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ env, database, clientDir: false, logger: false });
  await app.ready();
  const rows: (string | number)[][] = [];
  try {
    const client = new TestClient(app);
    expectStatus(
      await client.post('/api/auth/register', {
        email: `bench-${Date.now()}@example.com`,
        password: 'bench-password',
        name: 'Bench',
      }),
      201,
    );
    expectStatus(
      await client.request('PUT', '/api/github/connection', {
        body: { baseUrl: server.baseUrl, token: server.token },
      }),
    );
    for (const size of SIZES) {
      for (const row of await benchSize(app, client, server, size)) rows.push(row);
    }
  } finally {
    await app.close();
    await database.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nGit sync, Kiln against the git command line (${os.cpus().length} cores, load ${loadAtStart} at the start, ${loadAverage()} at the end)\n`,
  );
  printTable(
    ['files', 'operation', 'Kiln ms', 'git ms', 'Kiln / git', `goal ${GOAL_RATIO}x`],
    rows,
  );
}

async function benchSize(
  app: Awaited<ReturnType<typeof buildApp>>,
  client: TestClient,
  server: GitServer,
  size: number,
): Promise<(string | number)[][]> {
  const files = projectFiles(size);
  const kilnRepo = `kiln-${size}`;
  const cliRepo = `cli-${size}`;
  await server.createRepo('bench', kilnRepo);
  await server.createRepo('bench', cliRepo);

  // Kiln: a project holding the files, linked to an empty repository.
  const created = await client.post('/api/projects', {
    name: `Git bench ${size}`,
    templateId: 'blank',
  });
  expectStatus(created, 201);
  const projectId = created.json<{ id: string }>().id;
  for (const file of await listFiles(client, projectId)) {
    expectStatus(await client.delete(`/api/files/${file.id}`));
  }
  const entries = [...files];
  const uploadStarted = performance.now();
  for (let start = 0; start < entries.length; start += 1_000) {
    const { body, headers } = multipartBody(
      entries.slice(start, start + 1_000).map(([file, content]) => ({
        field: 'files',
        filename: file,
        contentType: file.endsWith('.png') ? 'image/png' : 'text/javascript',
        content,
      })),
    );
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expectStatus(
      await app.inject({
        method: 'POST',
        url: `/api/files/upload/${projectId}`,
        headers: { ...headers, cookie, 'x-csrf-token': client.cookies.get('csrf_token') ?? '' },
        payload: body,
      }),
    );
  }
  const upload = performance.now() - uploadStarted;
  expectStatus(
    await client.post('/api/github/link', { projectId, owner: 'bench', repo: kilnRepo }),
  );
  const kilnFirstPush = await timed(async () =>
    expectStatus(await client.post('/api/github/push', { projectId, message: 'First push' })),
  );

  // git: the same files in a working copy, added, committed and pushed.
  const cli = await server.clone('bench', cliRepo);
  for (const [file, content] of files) await cli.write(file, content);
  const gitFirstPush = await timed(() => cli.commitAndPush('First push'));

  // Ten files changed, pushed.
  const textFiles = entries.filter(([file]) => file.endsWith('.js')).map(([file]) => file);
  const changedSet = (round: number) =>
    textFiles.slice(0, Math.min(10, textFiles.length)).map((file) => [file, round] as const);
  const kilnPushes: number[] = [];
  const gitPushes: number[] = [];
  const ids = new Map((await listFiles(client, projectId)).map((file) => [file.path, file.id]));
  for (let round = 1; round <= REPEATS; round += 1) {
    for (const [file] of changedSet(round)) {
      expectStatus(
        await client.patch(`/api/files/${ids.get(file)}`, { content: `// round ${round}\n` }),
      );
      await cli.write(file, `// round ${round}\n`);
    }
    kilnPushes.push(
      await timed(async () =>
        expectStatus(
          await client.post('/api/github/push', { projectId, message: `Round ${round}` }),
        ),
      ),
    );
    gitPushes.push(await timed(() => cli.commitAndPush(`Round ${round}`)));
  }

  // Another clone pushes ten changed files; each side pulls them.
  const kilnOther = await server.clone('bench', kilnRepo);
  const cliOther = await server.clone('bench', cliRepo);
  const kilnPulls: number[] = [];
  const gitPulls: number[] = [];
  for (let round = 1; round <= REPEATS; round += 1) {
    await remoteChange(kilnOther, changedSet(round + 100));
    await remoteChange(cliOther, changedSet(round + 100));
    kilnPulls.push(
      await timed(async () => expectStatus(await client.post('/api/github/pull', { projectId }))),
    );
    gitPulls.push(await timed(() => cli.git(['pull', '-q', '--no-rebase'])));
  }

  // The whole branch into an empty project, against `git clone`.
  const empty = await client.post('/api/projects', { name: `Git bench import ${size}` });
  expectStatus(empty, 201);
  const emptyId = empty.json<{ id: string }>().id;
  for (const file of await listFiles(client, emptyId)) {
    expectStatus(await client.delete(`/api/files/${file.id}`));
  }
  const kilnImport = await timed(async () =>
    expectStatus(
      await client.post('/api/github/import', {
        projectId: emptyId,
        owner: 'bench',
        repo: kilnRepo,
      }),
    ),
  );
  const gitClone = await timed(() => server.clone('bench', cliRepo));
  // The Free plan holds three projects.
  expectStatus(await client.delete(`/api/projects/${projectId}`));
  expectStatus(await client.delete(`/api/projects/${emptyId}`));

  const row = (operation: string, kiln: number, git: number) => {
    const ratio = kiln / git;
    return [
      size,
      operation,
      kiln.toFixed(0),
      git.toFixed(0),
      `${ratio.toFixed(2)}x`,
      ratio <= GOAL_RATIO ? 'met' : 'MISSED',
    ];
  };
  return [
    row('first push', kilnFirstPush, gitFirstPush),
    row(`push 10 (p50 of ${REPEATS})`, median(kilnPushes), median(gitPushes)),
    row(`pull 10 (p50 of ${REPEATS})`, median(kilnPulls), median(gitPulls)),
    row('full pull (import / clone)', kilnImport, gitClone),
    [size, 'context: the same files uploaded', upload.toFixed(0), '-', '-', '-'],
  ];
}

async function listFiles(client: TestClient, projectId: string) {
  const answer = await client.get(`/api/files/${projectId}`);
  expectStatus(answer);
  return answer
    .json<{ id: string; path: string; isDirectory: boolean }[]>()
    .filter((file) => !file.isDirectory);
}

async function remoteChange(copy: WorkingCopy, changes: readonly (readonly [string, number])[]) {
  await copy.git(['pull', '-q', '--no-rebase']);
  for (const [file, round] of changes) await copy.write(file, `// remote round ${round}\n`);
  await copy.commitAndPush(`Remote round ${changes[0]?.[1] ?? 0}`);
}

// Kiln runs in this process, so the process starts as a person's shell would start a program
// (lib/clean-env.ts), like the `git` it is compared with (git-server.ts): without this
// machine's CA bundles, proxies and npm variables.
const CLEAN = 'KILN_BENCH_CLEAN_ENV';
if (process.env[CLEAN] === '1') {
  await main();
} else {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...cleanEnv(), [CLEAN]: '1' },
    stdio: 'inherit',
  });
  process.exitCode = await new Promise<number>((resolve) =>
    child.on('exit', (code) => resolve(code ?? 1)),
  );
}
