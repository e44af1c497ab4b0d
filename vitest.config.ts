import os from 'node:os';
import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'client',
          root: './client',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
        },
      },
    ],
  },
});
