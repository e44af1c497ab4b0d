// The static checks: each TypeScript project's typecheck, ESLint and Prettier. They are
// single-threaded programs independent of one another, so they share the machine's cores instead
// of taking turns; each one's output is printed whole when it ends, never interleaved.
//
// `node scripts/checks.mjs [typecheck] [lint]` (both when none is named; `npm run typecheck`,
// `npm run lint`).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/** Largest first, so the last to start is a short one and the cores stay busy to the end. */
const TYPESCRIPT_PROJECTS = ['server', 'client', 'e2e', 'bench', 'shared'];

export const CHECK_GROUPS = {
  typecheck: TYPESCRIPT_PROJECTS.map((project) => ({
    name: `typecheck ${project}`,
    command: ['npx', 'tsc', '-p', project, '--noEmit'],
  })),
  lint: [
    { name: 'eslint', command: ['npx', 'eslint', '--max-warnings=0', '.'] },
    { name: 'prettier', command: ['npx', 'prettier', '--check', '.'] },
  ],
};

/** Runs the named groups' checks as many at once as the machine has cores; whether all passed. */
export async function runChecks(groups, width = os.availableParallelism()) {
  const queue = groups.flatMap((group) => CHECK_GROUPS[group]);
  // ESLint is the longest of all: started first.
  queue.sort((a, b) => Number(b.name === 'eslint') - Number(a.name === 'eslint'));
  let passed = true;
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      if (!(await runCaptured(check))) passed = false;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, width) }, lane));
  return passed;
}

/** A command whose output is kept and printed when it ends, with its seconds. */
function runCaptured({ name, command: [command, ...args] }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let finished = false;
    const finish = (ok) => {
      if (finished) return;
      finished = true;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`-- ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
      const text = Buffer.concat(output).toString().trimEnd();
      if (text) console.log(text);
      resolve(ok);
    };
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2);
  const unknown = named.filter((group) => !(group in CHECK_GROUPS));
  if (unknown.length > 0) {
    console.error(
      `Unknown checks: ${unknown.join(', ')} (known: ${Object.keys(CHECK_GROUPS).join(', ')})`,
    );
    process.exit(2);
  }
  const groups = named.length > 0 ? named : Object.keys(CHECK_GROUPS);
  process.exit((await runChecks(groups)) ? 0 : 1);
}
