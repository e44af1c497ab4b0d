import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { policyMarkdown } from './client/src/features/legal/policy-plugin.ts';

// The server's test files spend much of their time waiting on other processes (sandboxes, Git,
// installs, a database): two run at once even on two cores, where Vitest would run one.
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

// One runner for the unit and integration layers of every workspace.
export default defineConfig({
  test: {
    maxWorkers,
    // The default output, ended by what was skipped for want of a system program and why.
    reporters: ['default', './scripts/missing-programs-reporter.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          // A worker keeps the modules it loaded from one file to the next: importing the server
          // anew for each file took about a third of its time (the auth, audit, admin and users
          // files: 251 s against 166 s). Nothing carries over that a file relies on: every test
          // builds its own app and database, closed when its file ends, and nothing is mocked at
          // the module level (spies are restored by the tests that make them).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Checks of the repository as a whole (scripts/).
          name: 'repository',
          root: './scripts',
          include: ['**/*.test.ts'],
          // They run whole programs (ESLint, Python, the CLIs under test) beside the server's
          // files: 5 s, Vitest's default, was passed on a loaded 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        // The legal pages import their policies compiled (`.md?policy`), as the build does.
        plugins: [policyMarkdown()],
        test: {
          name: 'client',
          root: './client',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          // Rendering the workspace shell in a simulated DOM took 11 s beside the server's files
          // on a loaded 2-core machine, against Vitest's default of 5.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
