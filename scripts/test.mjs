// `npm test`: every check CI runs, stage by stage, each printing its seconds, then a summary.
// A failed stage stops the run.
//
// `npm test -- --postgres-pass` (what CI runs) ends with the server's integration tests a second
// time on PostgreSQL and Redis (TEST_DATABASE_URL and TEST_REDIS_URL, or this machine's servers
// by default): the files whose outcome can depend on the database or the job queue
// (scripts/database-test-files.mjs). It runs after the end-to-end tests, not beside them: beside
// them it took 280 s instead of 153 and slowed them from 625 s to 753, a gain of 25 s in all,
// not worth a browser suite that races a test run for the two cores.
//
// `npm test -- --faults` (CI runs it too) ends with bench/faults.ts in its short form: a dropped
// connection, Redis stopped for a few seconds, the disk full and a runaway project, each made to
// happen to the production build on PostgreSQL and Redis, the run failing when one of them does
// not prove what it claims.
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
  run: () => {
    const files = databaseTestFiles().map((file) => `server/${file}`);
    console.log(`-- ${files.length} server test files reach the database: they run again on`);
    console.log(
      `   ${POSTGRES_PASS_SETTINGS.TEST_DATABASE_URL} and ${POSTGRES_PASS_SETTINGS.TEST_REDIS_URL}`,
    );
    return runInherited(['npx', 'vitest', 'run', '--project', 'server', ...files], {
      ...process.env,
      ...POSTGRES_PASS_SETTINGS,
    });
  },
};

const faults = {
  name: 'fault scripts, short form',
  run: () =>
    runInherited(['npm', 'run', '--silent', 'faults', '-w', 'bench'], {
      ...process.env,
      FAULTS_SHORT: '1',
      POSTGRES_URL: POSTGRES_PASS_SETTINGS.TEST_DATABASE_URL,
    }),
};

const STAGES = [
  { name: 'typecheck and lint', run: () => runChecks(['typecheck', 'lint']) },
  {
    name: 'unit and integration',
    run: () => runInherited(['npm', 'run', '--silent', 'test:unit']),
  },
  endToEnd,
  ...(process.argv.includes('--postgres-pass') ? [postgresPass] : []),
  ...(process.argv.includes('--faults') ? [faults] : []),
];

const timings = [];
const started = performance.now();
for (const stage of STAGES) {
  const result = await runStage(stage);
  timings.push(result);
  if (!result.ok) break;
}
const total = Math.round((performance.now() - started) / 1000);
console.log('\nnpm test, seconds per stage:');
for (const { stage, seconds, ok } of timings) {
  console.log(`  ${stage.padEnd(38)} ${String(seconds).padStart(6)}${ok ? '' : '  failed'}`);
}
console.log(`  ${'all'.padEnd(38)} ${String(total).padStart(6)}`);
process.exit(timings.length === STAGES.length && timings.every((timing) => timing.ok) ? 0 : 1);

async function runStage(stage) {
  const began = performance.now();
  console.log(`\n== stage: ${stage.name}`);
  const ok = await stage.run();
  const seconds = Math.round((performance.now() - began) / 1000);
  console.log(`== stage: ${stage.name} took ${seconds} s${ok ? '' : ' (failed)'}`);
  return { stage: stage.name, seconds, ok };
}

/** A command with this terminal as its own; resolves whether it succeeded. */
function runInherited([command, ...args], env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
