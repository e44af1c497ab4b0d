// bench/workspace-scan: what one idle pass of the workspace sync costs to look at the disk, now
// that it never follows a link (server/src/lib/rooted-folder.ts: every folder opened from its
// parent's handle with O_NOFOLLOW, every entry looked at through /proc/self/fd).
//  - Kiln: scanDisk (server/src/modules/workspaces/disk-scan.ts), as each pass runs it.
//  - Path walk: the same listing by path (readdir and lstat of `workspace/a/b/...`), as the sync
//    did before: it follows a link that replaces a folder between two calls, so it is the cost
//    of not being safe, not a goal.
//  - find: `find <workspace> -printf ...` as a process, the same metadata by a C program.
// The sync runs a pass every 250 ms (SYNC_INTERVAL_MS) while a workspace is open: an idle pass
// should take a small part of that. A measurement, not a test: it prints the table, exits 0.
// Run: npm run workspace-scan -w bench   (BENCH_RUNS=10 for a quick look)
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RootedFolder } from '../server/src/lib/rooted-folder';
import { MAX_SYNCED_ENTRIES } from '../server/src/modules/workspaces/project-sync';
import { scanDisk } from '../server/src/modules/workspaces/disk-scan';
import { percentile, printTable } from './lib/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const SHAPES = [
  { files: 2_000, folders: 100 },
  { files: 20_000, folders: 1_000 },
];

async function makeTree(root: string, shape: { files: number; folders: number }) {
  const perFolder = Math.ceil(shape.files / shape.folders);
  for (let folder = 0; folder < shape.folders; folder += 1) {
    const dir = path.join(root, `src-${folder % 10}`, `part-${folder}`);
    await mkdir(dir, { recursive: true });
    for (let file = 0; file < perFolder; file += 1) {
      await writeFile(path.join(dir, `file-${file}.ts`), `export const n = ${file};\n`);
    }
  }
}

/** The listing by path: readdir and lstat of joined paths, as the sync did before. */
async function pathWalk(root: string): Promise<number> {
  let count = 0;
  const visit = async (relative: string): Promise<void> => {
    const names = await readdir(path.join(root, relative));
    await Promise.all(
      names.map(async (name) => {
        const child = relative === '' ? name : `${relative}/${name}`;
        const stats = await lstat(path.join(root, child));
        count += 1;
        if (stats.isDirectory()) await visit(child);
      }),
    );
  };
  await visit('');
  return count;
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const cell = (sorted: number[]) =>
  `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)}`;

async function main() {
  const rows: (string | number)[][] = [];
  for (const shape of SHAPES) {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kiln-bench-scan-'));
    try {
      await makeTree(root, shape);
      const kiln = await time(() =>
        RootedFolder.with(root, (rooted) => scanDisk(rooted, MAX_SYNCED_ENTRIES)),
      );
      const byPath = await time(() => pathWalk(root));
      const find = await time(async () =>
        execFileSync('find', [root, '-printf', '%s %T@ %C@ %i %p\\n'], { maxBuffer: 1 << 28 }),
      );
      const entries = (await pathWalk(root)).toLocaleString('en-GB');
      rows.push([entries, cell(kiln), cell(byPath), cell(find)]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  console.log(
    `Idle scan of a workspace, ms p50 / p95 over ${RUNS} runs (one process, ${os.cpus().length} cores)`,
  );
  printTable(['entries', 'Kiln (no link followed)', 'path walk (before)', 'find (C)'], rows);
}

await main();
