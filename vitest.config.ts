import { defineConfig } from 'vitest/config';

// One runner for the unit and integration layers of every workspace.
export default defineConfig({
  test: {
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
          include: ['src/**/*.test.ts'],
        },
      },
    ],
  },
});
