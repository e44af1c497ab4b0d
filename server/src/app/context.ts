import path from 'node:path';
import type { RuntimeStatus } from '@kiln/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import type { Env } from '../env';
import { createJobQueue } from '../jobs/create-job-queue';
import type { JobQueue } from '../jobs/job';
import { createUpkeepJobs, type UpkeepJobs } from '../jobs/upkeep-jobs';
import { createSecretBox, type SecretBox } from '../lib/secret-box';
import { deriveKey, loadSecretKey } from '../lib/secret-key';
import { createAiProviders, createProjectTools, type AiProviders } from '../modules/ai';
import { createProjectDatabases, type ProjectDatabases } from '../modules/database';
import { projectRunEnvironment } from '../modules/env-vars';
import { createMailer, type Mailer } from '../modules/mail';
import { createAccessChanges, type AccessChanges } from '../modules/members';
import { createAccountChanges, type AccountChanges } from '../modules/auth';
import {
  createRegistryProxy,
  InstallTracker,
  type PackagesDeps,
  type RegistryProxy,
} from '../modules/packages';
import { previewTokenKey } from '../modules/preview';
import { storageCapsFrom, type StorageCaps } from '../modules/projects';
import { runtimesOfThisServer } from '../modules/runtimes';
import { TerminalRegistry } from '../modules/terminal';
import { createWorkspaces, type Workspaces } from '../modules/workspaces';
import { createSandbox, sandboxUser, type ManagedSandbox } from '../sandbox/create-sandbox';
import { RunQueue } from '../sandbox/run-queue';
import type { BuildAppOptions } from '../app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (docs/architecture.md, "Jobs"). */
    jobs: JobQueue;
    /** Projects' folders on disk, for installs and the terminal (decision 0016). */
    workspaces: Workspaces;
  }
}

/**
 * What the modules share, built once per app: each module's description names the part it
 * needs (its `defineModule<Needs>`), and the module list checks that this context has it.
 */
export interface AppContext {
  env: Env;
  log: FastifyBaseLogger;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  /** Namespace of the Redis keys and channels; tests give each app its own. */
  redisPrefix: string | undefined;
  /** The server's root secret, loaded once, and the keys derived from it, one per purpose. */
  keys: {
    root: Buffer;
    /** Environment variables and Git host tokens at rest. */
    secrets: SecretBox;
    /** Deploy keys, apart from the others (secrets at rest: docs/security.md, Secrets). */
    deployKeys: SecretBox;
    previewToken: Buffer;
  };
  mailer: Mailer;
  sandbox: ManagedSandbox;
  runQueue: RunQueue;
  /** Looked for in the background: start-up does not wait, the first run or health check may. */
  runtimes: Promise<readonly RuntimeStatus[]>;
  workspaces: Workspaces;
  /** Removals and role changes, heard by every instance: what the person held open ends. */
  accessChanges: AccessChanges;
  /** Sign-outs and account changes, heard by every instance: its session cache forgets them. */
  accountChanges: AccountChanges;
  terminals: TerminalRegistry;
  storageCaps: StorageCaps;
  upkeepJobs: UpkeepJobs;
  /** Asks for the embedded database's upkeep soon after a bulk import; unset on PostgreSQL. */
  afterBulkImport: (() => void) | undefined;
  aiProviders: AiProviders;
  projectTools: ReturnType<typeof createProjectTools>;
  /** The SQL runner's databases, one per project, never the application's (decision 0017). */
  projectDatabases: ProjectDatabases;
  projectEnvironment: (projectId: string) => Promise<Record<string, string>>;
  /** Installs and the terminal reach package registries only through it (decision 0016). */
  registryProxy: RegistryProxy;
  packages: PackagesDeps;
}

/** Builds the context once; each part that holds resources is closed with the app. */
export async function buildContext(
  app: FastifyInstance,
  options: BuildAppOptions,
): Promise<AppContext> {
  const { env, database, redisPrefix } = options;
  const log = app.log;
  const db = database.db;
  const root = await loadSecretKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR });
  const keys = {
    root,
    secrets: createSecretBox(deriveKey(root, 'secrets')),
    deployKeys: createSecretBox(deriveKey(root, 'deploy-keys')),
    previewToken: previewTokenKey(root),
  };

  // Terminals tell their clients why they close before @fastify/websocket closes every socket
  // at shutdown: preClose hooks run in the order they were added.
  const terminals = new TerminalRegistry();
  app.addHook('preClose', () => terminals.closeAll());
  const accessChanges = await createAccessChanges({ redisUrl: env.REDIS_URL, redisPrefix, log });
  app.addHook('onClose', () => accessChanges.close());
  terminals.endOnAccessLoss(accessChanges);
  const accountChanges = await createAccountChanges({ redisUrl: env.REDIS_URL, redisPrefix, log });
  app.addHook('onClose', () => accountChanges.close());

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    log,
  });
  const jobs = createJobQueue({
    redisUrl: env.REDIS_URL,
    redisPrefix,
    concurrency: env.JOB_CONCURRENCY,
    database,
    log,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.close());
  const upkeepJobs = createUpkeepJobs(database);
  // PostgreSQL's autovacuum does this on its own; the embedded database needs it done, on a
  // schedule and shortly after a bulk import (many imports in a row share one run).
  const afterBulkImport =
    database.kind === 'pglite'
      ? () => {
          jobs
            .enqueue(upkeepJobs.databaseUpkeep, {}, { key: 'after-import', delayMs: 5_000 })
            .catch((error: unknown) => log.warn({ err: error }, 'could not schedule upkeep'));
        }
      : undefined;

  const sandbox =
    options.sandbox ??
    (await createSandbox(
      {
        preference: env.SANDBOX,
        pythonCommand: env.EXEC_PYTHON,
        maxIdleWorkers: env.EXEC_CONCURRENCY,
        cgroups: env.SANDBOX_CGROUPS === 'auto',
        groupMemoryBytes: env.SANDBOX_MEMORY_MB * 1024 * 1024,
      },
      log,
    ));
  app.addHook('onClose', () => sandbox.close());
  const storageCaps = storageCapsFrom({
    maxMb: env.PROJECT_MAX_MB,
    maxFiles: env.PROJECT_MAX_FILES,
  });
  const workspaces = createWorkspaces({
    db,
    storageCaps,
    root: path.join(env.DATA_DIR, 'workspaces'),
    owner: sandboxUser(),
    log,
  });
  app.decorate('workspaces', workspaces);
  app.addHook('onClose', () => workspaces.close());
  const runtimes = runtimesOfThisServer({
    searchPath: options.runtimeSearchPath,
    commands: { python: env.EXEC_PYTHON },
  });

  const runQueue = new RunQueue(env.EXEC_CONCURRENCY, env.EXEC_QUEUE_LENGTH);
  const projectTools = createProjectTools({
    db,
    sandbox,
    runQueue,
    workspaceFolder: workspaces.folderOf,
  });
  app.addHook('onClose', () => projectTools.close());
  const projectDatabases = await createProjectDatabases({ env, log });
  app.addHook('onClose', () => projectDatabases.close());
  const projectEnvironment = (projectId: string) =>
    projectRunEnvironment({ db, secrets: keys.secrets, projectId });
  const registryProxy = createRegistryProxy({
    npmRegistryUrl: env.NPM_REGISTRY_URL,
    pipIndexUrl: env.PIP_INDEX_URL,
    cacheDir: path.join(env.DATA_DIR, 'package-cache'),
    signingKey: deriveKey(root, 'registry-proxy-links'),
    log,
  });
  const packages: PackagesDeps = {
    db,
    sandbox,
    workspaces,
    proxy: registryProxy,
    installs: new InstallTracker(env.INSTALL_CONCURRENCY),
    limits: {
      timeoutMs: env.INSTALL_TIMEOUT_SECONDS * 1000,
      maxBytes: env.INSTALL_MAX_MB * 1024 * 1024,
      maxEntries: env.INSTALL_MAX_FILES,
    },
    environment: projectEnvironment,
    openDatabaseBridge: (projectId) => projectDatabases.openBridge(projectId),
    log,
  };

  return {
    env,
    log,
    database,
    db,
    jobs,
    redisPrefix,
    keys,
    mailer,
    sandbox,
    runQueue,
    runtimes,
    workspaces,
    accessChanges,
    accountChanges,
    terminals,
    storageCaps,
    upkeepJobs,
    afterBulkImport,
    aiProviders: options.aiProviders ?? createAiProviders(env),
    projectTools,
    projectDatabases,
    projectEnvironment,
    registryProxy,
    packages,
  };
}
