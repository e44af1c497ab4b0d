import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { EnvError, loadEnv } from './env';
import { parseRole } from './role';
import { buildPreviewApp } from './modules/preview/app';
import { sharedCookieDomain } from './preview-origin';

async function main() {
  let env;
  let role;
  try {
    env = loadEnv();
    role = parseRole(process.argv.slice(2), env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'db') },
  );
  // `npm start` creates and migrates the database this way while the client builds beside it.
  if (process.argv.includes('--prepare-database')) {
    await database.close();
    return;
  }
  const app = await buildApp({ env, database, worker: role !== 'web' });
  const preview =
    role === 'worker'
      ? null
      : await buildPreviewApp({
          env,
          database,
          logger: app.log,
          devServers: (projectId) => app.devServers.target(projectId),
        });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await Promise.all([app.close(), preview?.close()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!preview) {
    // A worker serves no requests: it takes jobs from the queue the web instances fill.
    await app.ready();
    app.log.info(`Kiln worker is running jobs (queue: ${app.jobs.backend})`);
    return;
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  // Said at start-up as well as by /api/health and each terminal: the administrator's to fix.
  const workspaceProblem = await app.workspaces.problem();
  if (workspaceProblem) app.log.warn(workspaceProblem);
  await preview.listen({ port: env.PREVIEW_PORT, host: env.HOST });
  const sharedDomain = sharedCookieDomain(env.PUBLIC_URL, env.PREVIEW_ORIGIN);
  if (sharedDomain) {
    // Over https this stops the server (env.ts); over plain http it is someone trying Kiln out.
    // Previews are other origins, but a page could set cookies for the app's domain: fine for
    // your own projects, not for people you do not trust.
    app.log.warn(
      `PREVIEW_ORIGIN ${env.PREVIEW_ORIGIN} shares the registrable domain ${sharedDomain} with PUBLIC_URL; give previews a domain of their own`,
    );
  }
  app.log.info(
    `Kiln is ready at ${env.PUBLIC_URL} (database: ${database.kind}, role: ${role}); previews at ${env.PREVIEW_ORIGIN.replace('//', '//p-<project id>.')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
