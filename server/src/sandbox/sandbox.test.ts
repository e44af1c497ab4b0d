import { describe, expect, it } from 'vitest';
import { needs } from '../test/system-programs';
import { createSandbox, type SandboxPreference } from './create-sandbox';

const log = { info() {}, warn() {}, error() {} } as never;

/** The project's environment variables reach the run, on both backends. */
describe.each<SandboxPreference>(['bubblewrap', 'quickjs'])('%s sandbox', (preference) => {
  const without = preference === 'bubblewrap' ? needs('bwrap') : {};
  it("gives the run the project's environment variables", without, async () => {
    const sandbox = await createSandbox(
      { preference, pythonCommand: 'python3', maxIdleWorkers: 1 },
      log,
    );
    try {
      const outcome = await sandbox.run({
        language: 'javascript',
        entry: 'env.js',
        files: [{ path: 'env.js', content: 'console.log(process.env.GREETING, process.env.HOME)' }],
        env: { GREETING: 'hello from the project' },
      });
      expect(outcome.output).toBe('hello from the project /home/kiln\n');
    } finally {
      await sandbox.close();
    }
  });
});
