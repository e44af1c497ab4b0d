// `npm test`: every check CI runs, stage by stage, each printing its seconds, then a summary.
// A failed stage stops the run.
import { spawn } from 'node:child_process';
import { runChecks } from './checks.mjs';

const STAGES = [
  { name: 'typecheck and lint', run: () => runChecks(['typecheck', 'lint']) },
  {
    name: 'unit and integration',
    run: () => runInherited(['npm', 'run', '--silent', 'test:unit']),
  },
  { name: 'end-to-end', run: () => runInherited(['npm', 'run', '--silent', 'test:e2e']) },
];

const timings = [];
for (const stage of STAGES) {
  const started = performance.now();
  console.log(`\n== stage: ${stage.name}`);
  const ok = await stage.run();
  const seconds = Math.round((performance.now() - started) / 1000);
  timings.push({ stage: stage.name, seconds, ok });
  console.log(`== stage: ${stage.name} took ${seconds} s${ok ? '' : ' (failed)'}`);
  if (!ok) break;
}
console.log('\nnpm test, seconds per stage:');
for (const { stage, seconds, ok } of timings) {
  console.log(`  ${stage.padEnd(22)} ${String(seconds).padStart(6)}${ok ? '' : '  failed'}`);
}
process.exit(timings.length === STAGES.length && timings.every((timing) => timing.ok) ? 0 : 1);

/** A command with this terminal as its own; resolves whether it succeeded. */
function runInherited([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
