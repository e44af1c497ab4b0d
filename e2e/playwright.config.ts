import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './admin-account';
import { chromiumLaunchOptions } from './chromium';
import { STRIPE_SETTINGS } from './stripe';
import { E2E_DEPLOY_KEY } from './support/deploy-stand-in';
import { E2E_GIT_TOKEN } from './support/git-host';

const port = Number(process.env.E2E_PORT ?? 5180);
export const baseURL = `http://127.0.0.1:${port}`;
// Set once by the runner; workers load this file again and inherit the same value, so specs
// can read the dev mail outbox of the server under test.
process.env.KILN_E2E_DATA_DIR ??= path.join(os.tmpdir(), `kiln-e2e-${process.pid}`);
const dataDir = process.env.KILN_E2E_DATA_DIR;
const stripePort = port + 2;
const modelPort = port + 3;
const registryPort = port + 4;
// Specs publish the packages they install to this registry (e2e/support/publish-package.ts).
process.env.KILN_E2E_REGISTRY_URL = `http://127.0.0.1:${registryPort}/`;
const gitPort = port + 5;
// Specs link projects to repositories on this Git host (e2e/support/git-host.ts).
process.env.KILN_E2E_GIT_URL = `http://127.0.0.1:${gitPort}`;
// The Vercel, Netlify and Railway APIs that Deploy now reaches (server/src/test/deploy-stand-ins.ts).
const deployPort = port + 6;
// The Python package index installs reach: wheels of this machine's Flask (support/wheel-index-server.ts).
const wheelIndexPort = port + 7;

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the production
 * build, served by the real server on a fresh embedded database.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: true,
  // CI runs on the same 2 cores as the server under test and the build before it, and has been
  // seen to run three times slower than a quiet machine: one browser at a time there (two took
  // 30 minutes, not less, and a cold Monaco load then passed 30 s), and budgets that leave room
  // for a slow cold Monaco load. Speed is measured in bench/, not here.
  workers: process.env.CI ? 1 : 2,
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 30_000 : 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The list, then what was skipped for want of a system program and why.
  reporter: [['list'], ['./support/missing-programs-reporter.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      // Stripe's API, stood in for at its HTTP boundary (decision 0010).
      command: 'npx tsx server/src/test/stripe-double-server.ts',
      cwd: '..',
      port: stripePort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { STRIPE_DOUBLE_PORT: String(stripePort) },
    },
    {
      // The AI model: a local server speaking the Chat Completions wire format, scripted by
      // scenarios (server/src/test/model-stand-in/e2e-scenarios.ts).
      command: 'npx tsx server/src/test/model-stand-in-server.ts',
      cwd: '..',
      port: modelPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { MODEL_STAND_IN_PORT: String(modelPort) },
    },
    {
      // The npm registry package installs reach: the specs' own packages, and the templates'
      // real ones fetched from the registry this machine's npm uses.
      command: 'npx tsx e2e/support/verdaccio-server.ts',
      cwd: '..',
      port: registryPort,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { VERDACCIO_PORT: String(registryPort) },
      // A signal it can answer, so it removes its storage (the tarballs it fetched) on the way out.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      // A Git host: git http-backend behind token authentication, with Gitea's REST calls.
      command: 'npx tsx e2e/support/git-server-entry.ts',
      cwd: '..',
      port: gitPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { GIT_SERVER_PORT: String(gitPort), GIT_SERVER_TOKEN: E2E_GIT_TOKEN },
    },
    {
      command: 'npx tsx server/src/test/deploy-stand-in-server.ts',
      cwd: '..',
      port: deployPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { DEPLOY_STAND_IN_PORT: String(deployPort), DEPLOY_STAND_IN_KEY: E2E_DEPLOY_KEY },
    },
    {
      command: 'npx tsx e2e/support/wheel-index-server.ts',
      cwd: '..',
      port: wheelIndexPort,
      reuseExistingServer: false,
      // It rebuilds a dozen wheels from what Python has installed before it listens.
      timeout: 60_000,
      env: { WHEEL_INDEX_PORT: String(wheelIndexPort) },
    },
    {
      command: `node server/dist/main.js`,
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        // Previews default to http://localhost:<this port>: another site than the app's 127.0.0.1.
        PREVIEW_PORT: String(port + 1),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Every e2e request comes from 127.0.0.1, so the per-IP sign-in budget is sized for a
        // whole suite; the limit itself is proven by the server integration tests.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        ...STRIPE_SETTINGS,
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
        OPENAI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
        OPENAI_MODEL: 'kiln-stand-in',
        NPM_REGISTRY_URL: process.env.KILN_E2E_REGISTRY_URL,
        PIP_INDEX_URL: `http://127.0.0.1:${wheelIndexPort}/simple/`,
        // The Git server the specs sync with runs on this machine (a private host for Kiln).
        GIT_PRIVATE_HOSTS: '127.0.0.1',
        VERCEL_API_URL: `http://127.0.0.1:${deployPort}`,
        NETLIFY_API_URL: `http://127.0.0.1:${deployPort}`,
        RAILWAY_API_URL: `http://127.0.0.1:${deployPort}`,
      },
    },
  ],
});
