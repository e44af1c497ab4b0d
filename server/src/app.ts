import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { TERMINAL_LIMITS } from '@kiln/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { AppError } from './lib/app-error';
import { serveClientApp } from './lib/client-app';
import { installCsrf } from './lib/csrf';
import { installErrorHandler } from './lib/error-handler';
import { registerAdminRoutes } from './modules/admin/routes';
import {
  AUDIT_RETENTION_INTERVAL_MS,
  createAuditRetentionJob,
  registerAuditRoutes,
} from './modules/audit';
import { registerApiDocument } from './modules/docs/api-document';
import { createProjectTools } from './modules/ai/project-tools';
import { createAiProviders, type AiProviders } from './modules/ai/providers';
import { registerAiRoutes } from './modules/ai/routes';
import { registerAgentRoutes, roleModelSettings } from './modules/agents';
import {
  registerBillingRoutes,
  STRIPE_WEBHOOK_PATH,
  stripeSettingsFrom,
} from './modules/billing/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { installSessionHook } from './modules/auth/session-hook';
import { registerHealthRoutes } from './modules/health/routes';
import { runtimesOfThisServer } from './modules/runtimes';
import { registerExecRoutes } from './modules/exec/routes';
import { setServerStorageCaps } from './modules/projects';
import { registerFileRoutes } from './modules/files/routes';
import { createMailer } from './modules/mail/mailer';
import { registerPreviewRoutes } from './modules/preview/routes';
import { registerProjectRoutes } from './modules/projects/routes';
import { createAccessChanges, createMemberJobs, registerMemberRoutes } from './modules/members';
import { registerTemplateRoutes } from './modules/templates/routes';
import { registerUploadRoutes } from './modules/uploads/routes';
import { registerUserRoutes } from './modules/users/routes';
import { createJobQueue } from './jobs/create-job-queue';
import type { JobQueue } from './jobs/job';
import { createUpkeepJobs } from './jobs/upkeep-jobs';
import { createAuthJobs } from './modules/auth/jobs';
import { createSecretBox } from './lib/secret-box';
import { deriveKey, loadSecretKey } from './lib/secret-key';
import { projectRunEnvironment } from './modules/env-vars';
import { registerEnvVarRoutes } from './modules/env-vars/routes';
import {
  DEPLOY_BUILD_TIMEOUT_MS,
  DEPLOY_POLL_INTERVAL_MS,
  registerDeployment,
} from './modules/deployment';
import {
  createProjectDatabases,
  registerDatabaseCleanup,
  registerDatabaseRoutes,
} from './modules/database';
import { registerGitSync } from './modules/git-sync';
import { registerTerminalRoutes, TerminalRegistry } from './modules/terminal';
import { registerPresenceRoutes } from './modules/presence';
import {
  createRegistryProxy,
  InstallTracker,
  openProjectRegistryBridge,
  registerPackageRoutes,
  type PackagesDeps,
} from './modules/packages';
import {
  DevServers,
  packagesInstaller,
  projectFileReader,
  registerDevServerRoutes,
} from './modules/dev-server';
import { createPreviewLink, previewFrameSource, previewTokenKey } from './modules/preview';
import { createSandbox, sandboxUser, type ManagedSandbox } from './sandbox/create-sandbox';
import {
  createWorkspaceCleanupJob,
  createWorkspaces,
  ORPHAN_CLEANUP_INTERVAL_MS,
  type Workspaces,
} from './modules/workspaces';
import { RunQueue } from './sandbox/run-queue';

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Where the built client lives; tests that only exercise the API leave it unset. */
  clientDir?: string | false;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them to prove what is never logged). */
  logStream?: { write(line: string): void };
  /** How user code runs; by default chosen by the start-up self-test (sandbox/create-sandbox.ts). */
  sandbox?: ManagedSandbox;
  /** The AI models; by default those the settings configure (tests hand in scripted ones). */
  aiProviders?: AiProviders;
  /** Where language runtimes are looked for, written as PATH is; default the server's PATH. */
  runtimeSearchPath?: string;
  /** Whether this process runs background jobs (false for `--role=web`); default true. */
  worker?: boolean;
  /** Namespace of the job queue's Redis keys; tests give each app its own. */
  redisPrefix?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (docs/architecture.md, "Jobs"). */
    jobs: JobQueue;
    /** Projects' folders on disk, for installs and the terminal (decision 0016). */
    workspaces: Workspaces;
    /** Projects' running apps (decision 0020), for the preview server's proxy. */
    devServers: DevServers;
  }
}

const HOUR_MS = 3_600_000;

export const DEFAULT_CLIENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../client/dist',
);

/** Builds the whole server without listening, so tests can `inject` requests. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(env, options.logStream),
    trustProxy: env.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  database.onIdleError((error) =>
    app.log.warn({ err: error }, 'The database closed an idle connection; it will be replaced'),
  );

  // Stripe's payment form loads its script and frames from Stripe, when payments are on.
  const stripe = stripeSettingsFrom(env)
    ? {
        scriptSrc: ['https://js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ['https://api.stripe.com'],
      }
    : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connectSrc],
        objectSrc: ["'none'"],
        // The editor frames project previews, each on an origin of its own under the preview
        // host (decision 0005).
        frameSrc: ["'self'", previewFrameSource(env.PREVIEW_ORIGIN), ...stripe.frameSrc],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Kiln is often served over plain http on 127.0.0.1; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  // Terminals tell their clients why they close before @fastify/websocket closes every socket
  // at shutdown: preClose hooks run in the order they were added.
  const terminals = new TerminalRegistry();
  app.addHook('preClose', () => terminals.closeAll());
  // Removals and role changes, heard by every instance: what the person held open ends.
  const accessChanges = await createAccessChanges({
    redisUrl: env.REDIS_URL,
    redisPrefix: options.redisPrefix,
    log: app.log,
  });
  app.addHook('onClose', () => accessChanges.close());
  terminals.endOnAccessLoss(accessChanges);
  // An upgrade is routed like any request, through the hooks above (session, CSRF cookie) and
  // its route's own; rate limits apply only to routes that ask (global: false).
  await app.register(fastifyWebsocket, { options: { maxPayload: TERMINAL_LIMITS.messageBytes } });

  // The Stripe webhook is verified by its signature instead (decision 0010).
  await installCsrf(app, {
    secretKey: env.SECRET_KEY,
    dataDir: env.DATA_DIR,
    exemptPaths: [STRIPE_WEBHOOK_PATH],
  });
  const sessionPolicy = {
    idleMs: env.SESSION_IDLE_HOURS * 3_600_000,
    maxMs: env.SESSION_MAX_DAYS * 86_400_000,
  };
  installSessionHook(app, database.db, sessionPolicy);
  await registerApiDocument(app);

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    log: app.log,
  });

  const jobs = createJobQueue({
    redisUrl: env.REDIS_URL,
    redisPrefix: options.redisPrefix,
    concurrency: env.JOB_CONCURRENCY,
    database,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.close());
  const throttle = {
    maxFailures: env.LOGIN_FAILURES_PER_ACCOUNT,
    windowMs: env.LOGIN_LOCKOUT_MINUTES * 60_000,
  };
  const authJobs = createAuthJobs({
    db: database.db,
    mail: { mailer, publicUrl: env.PUBLIC_URL },
    sessionPolicy,
    throttle,
  });
  const upkeepJobs = createUpkeepJobs(database);
  for (const job of [...Object.values(authJobs), ...Object.values(upkeepJobs)]) {
    jobs.register(job);
  }
  await jobs.every(authJobs.cleanup, {}, HOUR_MS);
  await jobs.every(upkeepJobs.finishedJobsCleanup, {}, 6 * HOUR_MS);
  const auditRetention = createAuditRetentionJob({
    db: database.db,
    retentionDays: env.AUDIT_RETENTION_DAYS,
  });
  jobs.register(auditRetention);
  await jobs.every(auditRetention, {}, AUDIT_RETENTION_INTERVAL_MS);
  // PostgreSQL's autovacuum does this on its own; the embedded database needs it done, on a
  // schedule and shortly after a bulk import (many imports in a row share one run).
  let afterBulkImport: (() => void) | undefined;
  if (database.kind === 'pglite') {
    await jobs.every(upkeepJobs.databaseUpkeep, {}, 6 * HOUR_MS);
    afterBulkImport = () => {
      jobs
        .enqueue(upkeepJobs.databaseUpkeep, {}, { key: 'after-import', delayMs: 5_000 })
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not schedule upkeep'));
    };
  }

  const sandbox =
    options.sandbox ??
    (await createSandbox(
      {
        preference: env.SANDBOX,
        pythonCommand: env.EXEC_PYTHON,
        maxIdleWorkers: env.EXEC_CONCURRENCY,
      },
      app.log,
    ));
  app.addHook('onClose', () => sandbox.close());
  const workspaces = createWorkspaces({
    db: database.db,
    root: path.join(env.DATA_DIR, 'workspaces'),
    owner: sandboxUser(),
    log: app.log,
  });
  app.decorate('workspaces', workspaces);
  const workspaceCleanup = createWorkspaceCleanupJob(workspaces);
  jobs.register(workspaceCleanup);
  await jobs.every(workspaceCleanup, {}, ORPHAN_CLEANUP_INTERVAL_MS);
  app.addHook('onClose', () => workspaces.close());

  // Looked for in the background: start-up does not wait, the first run or health check may.
  const runtimes = runtimesOfThisServer({
    searchPath: options.runtimeSearchPath,
    commands: { python: env.EXEC_PYTHON },
  });
  registerHealthRoutes(app, {
    database,
    mailTransport: mailer.transport,
    sandbox,
    jobs,
    runtimes,
    workspaceProblem: () => workspaces.problem(),
  });
  registerAuthRoutes(app, {
    db: database.db,
    jobs,
    authJobs,
    adminEmails: env.ADMIN_EMAILS,
    sessionPolicy,
    throttle,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
  });
  registerUserRoutes(app, { db: database.db });
  registerAdminRoutes(app, { db: database.db });
  registerAuditRoutes(app, { db: database.db });
  registerUploadRoutes(app, { db: database.db });
  registerProjectRoutes(app, { db: database.db, afterBulkImport });
  const memberJobs = createMemberJobs({
    db: database.db,
    mail: { mailer, publicUrl: env.PUBLIC_URL },
  });
  jobs.register(memberJobs.invitationMail);
  registerMemberRoutes(app, { db: database.db, jobs, memberJobs, accessChanges });
  setServerStorageCaps({ maxMb: env.PROJECT_MAX_MB, maxFiles: env.PROJECT_MAX_FILES });
  registerFileRoutes(app, { db: database.db, afterBulkImport });
  registerTemplateRoutes(app);
  const runQueue = new RunQueue(env.EXEC_CONCURRENCY, env.EXEC_QUEUE_LENGTH);
  const projectTools = createProjectTools({
    db: database.db,
    sandbox,
    runQueue,
    workspaceFolder: workspaces.folderOf,
  });
  app.addHook('onClose', () => projectTools.close());
  const aiProviders = options.aiProviders ?? createAiProviders(env);
  const agentLimits = {
    maxSteps: env.AI_AGENT_MAX_STEPS,
    tokenBudget: env.AI_TURN_TOKEN_BUDGET,
    idleMs: env.AI_IDLE_TIMEOUT_SECONDS * 1000,
  };
  registerAiRoutes(app, {
    db: database.db,
    providers: aiProviders,
    ratePerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
    jobs,
    limits: agentLimits,
    tools: projectTools.forProject,
    accessChanges,
  });
  registerAgentRoutes(app, {
    db: database.db,
    providers: aiProviders,
    roleSettings: roleModelSettings(env),
    ratePerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
    jobs,
    limits: agentLimits,
    tools: projectTools.forProject,
    accessChanges,
  });
  registerBillingRoutes(app, { db: database.db, env });
  const secrets = createSecretBox(
    deriveKey(await loadSecretKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR }), 'secrets'),
  );
  registerEnvVarRoutes(app, { db: database.db, secrets });
  registerDeployment(app, {
    db: database.db,
    // Deploy keys get a key of their own, apart from environment variables' (secrets at rest: README, Security).
    secrets: createSecretBox(
      deriveKey(
        await loadSecretKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR }),
        'deploy-keys',
      ),
    ),
    jobs,
    apiUrls: {
      vercel: env.VERCEL_API_URL,
      netlify: env.NETLIFY_API_URL,
      railway: env.RAILWAY_API_URL,
    },
    pollIntervalMs: DEPLOY_POLL_INTERVAL_MS,
    buildTimeoutMs: DEPLOY_BUILD_TIMEOUT_MS,
  });
  // The SQL runner's databases, one per project, never the application's (decision 0017).
  const projectDatabases = await createProjectDatabases({ env, log: app.log });
  app.addHook('onClose', () => projectDatabases.close());
  registerDatabaseRoutes(app, { db: database.db, databases: projectDatabases });
  await registerDatabaseCleanup(app, { db: database.db, databases: projectDatabases, jobs });
  await registerGitSync(app, {
    db: database.db,
    secrets,
    jobs,
    dataDir: env.DATA_DIR,
    githubApiUrl: env.GITHUB_API_URL,
    privateHosts: env.GIT_PRIVATE_HOSTS,
    githubOAuth:
      env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? {
            clientId: env.GITHUB_CLIENT_ID,
            clientSecret: env.GITHUB_CLIENT_SECRET,
            oauthUrl: env.GITHUB_OAUTH_URL,
            publicUrl: env.PUBLIC_URL,
          }
        : null,
  });
  const projectEnvironment = (projectId: string) =>
    projectRunEnvironment({ db: database.db, secrets, projectId });
  registerExecRoutes(app, {
    db: database.db,
    sandbox,
    queue: runQueue,
    environment: projectEnvironment,
    workspaceFolder: (projectId) => workspaces.folderOf(projectId),
    runtimes,
    openDatabaseBridge: (projectId) => projectDatabases.openBridge(projectId),
  });
  // Installs and the terminal reach package registries only through this proxy (decision 0016).
  const registryProxy = createRegistryProxy({
    npmRegistryUrl: env.NPM_REGISTRY_URL,
    pipIndexUrl: env.PIP_INDEX_URL,
    cacheDir: path.join(env.DATA_DIR, 'package-cache'),
    signingKey: deriveKey(
      await loadSecretKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR }),
      'registry-proxy-links',
    ),
    log: app.log,
  });
  const packages: PackagesDeps = {
    db: database.db,
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
    log: app.log,
  };
  registerPackageRoutes(app, packages);
  // Run's apps, shown by the preview server through `app.devServers` (main.ts).
  const devServers = new DevServers(
    {
      sandbox,
      workspaces,
      environment: projectEnvironment,
      openDatabaseBridge: (projectId) => projectDatabases.openBridge(projectId),
      readFile: projectFileReader(database.db),
      installPackages: packagesInstaller(packages),
      runtimes,
      log: app.log,
    },
    { maxAtOnce: env.DEV_SERVERS_MAX, idleMs: env.DEV_SERVER_IDLE_MINUTES * 60_000 },
  );
  app.decorate('devServers', devServers);
  devServers.endOnAccessLoss(accessChanges);
  const previewKey = previewTokenKey(
    await loadSecretKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR }),
  );
  registerDevServerRoutes(app, {
    db: database.db,
    devServers,
    hasSessions: sandbox.openSession !== undefined,
    previewLink: (project) =>
      createPreviewLink({ key: previewKey, previewOrigin: env.PREVIEW_ORIGIN, project }),
  });
  registerTerminalRoutes(app, {
    db: database.db,
    sandbox,
    workspaces,
    environment: projectEnvironment,
    openRegistryBridge: (projectId) =>
      openProjectRegistryBridge({ db: database.db, proxy: registryProxy }, projectId),
    openDatabaseBridge: (projectId) => projectDatabases.openBridge(projectId),
    registry: terminals,
    idleMs: env.TERMINAL_IDLE_MINUTES * 60_000,
    publicUrl: env.PUBLIC_URL,
  });
  await registerPresenceRoutes(app, {
    db: database.db,
    publicUrl: env.PUBLIC_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: options.redisPrefix,
    accessChanges,
  });
  await registerPreviewRoutes(app, { db: database.db, env });

  // Every job kind is registered by now, so the worker knows each one it may be handed.
  if (options.worker !== false) await jobs.startWorker();

  const clientDir = options.clientDir ?? DEFAULT_CLIENT_DIR;
  if (clientDir !== false && !(await serveClientApp(app, clientDir))) {
    app.log.warn({ clientDir }, 'client build not found: only the API is served (run npm start)');
  }
  return app;
}

function loggerOptions(env: Env, stream?: BuildAppOptions['logStream']) {
  const redact = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];
  if (stream) return { level: env.LOG_LEVEL, redact, stream };
  if (env.isProduction || env.NODE_ENV === 'test') return { level: env.LOG_LEVEL, redact };
  return {
    level: env.LOG_LEVEL,
    redact,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
    },
  };
}
