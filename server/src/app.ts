import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { buildContext } from './app/context';
import { installHttp } from './app/http';
import { modulesFor } from './app/modules';
import { OneLineRequestLog } from './lib/request-log';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { serveClientApp } from './lib/client-app';
import { installErrorHandler } from './lib/error-handler';
import type { AiProviders } from './modules/ai';
import type { ManagedSandbox } from './sandbox/create-sandbox';

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
    logController: new OneLineRequestLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  database.onIdleError((error) =>
    app.log.warn({ err: error }, 'The database closed an idle connection; it will be replaced'),
  );

  const context = await buildContext(app, options);
  await installHttp(app, context);
  for (const module of modulesFor({ runsJobs: options.worker !== false })) {
    await module.register(app, context);
  }

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
