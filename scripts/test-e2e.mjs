// `npm run test:e2e`: builds Kiln and runs the end-to-end suite in Debian's Chromium, or, on a
// machine without Chromium, skips the suite as a whole and says why (scripts/system-programs.json).
// Arguments are passed on to `playwright test`.
import { spawnSync } from 'node:child_process';
import { detectSystemProgram, systemProgram } from './system-programs.mjs';

const chromium = detectSystemProgram(systemProgram('chromium'));
if (!chromium.ok) {
  console.log('\nSkipped for missing system programs (scripts/system-programs.json):');
  console.log(`  ${chromium.reason}`);
  console.log('    e2e: every end-to-end test (npm run test:e2e)');
  process.exit(0);
}

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
const built = run('npm', ['run', 'build']);
if (built !== 0) process.exit(built);
process.exit(
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]),
);
