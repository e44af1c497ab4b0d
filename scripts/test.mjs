// `npm test`: every check CI runs, stage by stage, each printing its seconds, then a summary.
// A failed stage stops the run.
//
// `npm test -- --postgres-pass` adds the server's integration tests a second time on PostgreSQL
// and Redis (TEST_DATABASE_URL and TEST_REDIS_URL, or this machine's servers by default): the
// files whose outcome can depend on the database or the job queue
// (scripts/database-test-files.mjs). That pass runs while the end-to-end tests do: a browser
// test waits on the server and the page as much as it computes, and leaves part of the cores
// idle (two thirds of two busy, measured), which the pass takes.
import { spawn } from 'node:child_process';
import { runChecks } from './checks.mjs';
import { databaseTestFiles } from './database-test-files.mjs';

const POSTGRES_PASS_SETTINGS = {
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

const endToEnd = {
  name: 'end-to-end',
  run: () => runInherited(['npm', 'run', '--silent', 'test:e2e']),
};
const postgresPass = {
  name: 'server tests on PostgreSQL and Redis',
  // Its output is held back and printed whole when it ends, so the two never interleave.
  run: () => {
    const files = databaseTestFiles().map((file) => `server/${file}`);
    console.log(`-- ${files.length} server test files reach the database: they run again on`);
    console.log(
      `   ${POSTGRES_PASS_SETTINGS.TEST_DATABASE_URL} and ${POSTGRES_PASS_SETTINGS.TEST_REDIS_URL}`,
    );
    return runCaptured(['npx', 'vitest', 'run', '--project', 'server', ...files], {
      ...process.env,
      ...POSTGRES_PASS_SETTINGS,
    });
  },
};

/** Each step is one stage or several run at once. */
const STEPS = [
  [{ name: 'typecheck and lint', run: () => runChecks(['typecheck', 'lint']) }],
  [
    {
      name: 'unit and integration',
      run: () => runInherited(['npm', 'run', '--silent', 'test:unit']),
    },
  ],
  process.argv.includes('--postgres-pass') ? [endToEnd, postgresPass] : [endToEnd],
];

const timings = [];
const started = performance.now();
for (const step of STEPS) {
  const results = await Promise.all(step.map(runStage));
  timings.push(...results);
  if (!results.every((result) => result.ok)) break;
}
const total = Math.round((performance.now() - started) / 1000);
const stageCount = STEPS.flat().length;
console.log('\nnpm test, seconds per stage:');
for (const { stage, seconds, ok } of timings) {
  console.log(`  ${stage.padEnd(38)} ${String(seconds).padStart(6)}${ok ? '' : '  failed'}`);
}
console.log(`  ${'all (stages side by side count once)'.padEnd(38)} ${String(total).padStart(6)}`);
process.exit(timings.length === stageCount && timings.every((timing) => timing.ok) ? 0 : 1);

async function runStage(stage) {
  const began = performance.now();
  console.log(`\n== stage: ${stage.name}`);
  const ok = await stage.run();
  const seconds = Math.round((performance.now() - began) / 1000);
  console.log(`== stage: ${stage.name} took ${seconds} s${ok ? '' : ' (failed)'}`);
  return { stage: stage.name, seconds, ok };
}

/** A command with this terminal as its own; resolves whether it succeeded. */
function runInherited([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/** A command whose output is printed whole when it ends; resolves whether it succeeded. */
function runCaptured([command, ...args], env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok) => {
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    };
    child.on('error', () => finish(false));
    child.on('close', (code) => finish(code === 0));
  });
}
