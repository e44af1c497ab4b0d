import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/job';
import { onProjectDeleted } from '../projects';
import type { ProjectDatabases } from './project-databases';

/** How often databases of projects that no longer exist are looked for. */
export const DATABASE_CLEANUP_INTERVAL_MS = 6 * 3_600_000;

/**
 * A project's own database goes with the project: at once when it (or its owner's account) is
 * deleted, and, for embedded databases, by a job every 6 hours for projects deleted while a
 * removal failed or through another instance.
 */
export async function registerDatabaseCleanup(
  app: FastifyInstance,
  deps: { db: Database; databases: ProjectDatabases; jobs: JobQueue },
): Promise<void> {
  const { db, databases, jobs } = deps;
  const cleanup = defineJob({
    name: 'database.remove-orphans',
    payload: z.object({}),
    retry: { attempts: 1, backoffMs: 1_000 },
    handle: async (_payload, { log }) => {
      const removed = await databases.removeOrphans(db);
      if (removed > 0) log.info({ removed }, 'removed the databases of deleted projects');
    },
  });
  jobs.register(cleanup);
  await jobs.every(cleanup, {}, DATABASE_CLEANUP_INTERVAL_MS);
  const stopListening = onProjectDeleted((projectId) => {
    databases.remove(projectId).catch((error: unknown) => {
      app.log.warn({ err: error, projectId }, "a deleted project's database was not removed");
    });
  });
  app.addHook('onClose', async () => stopListening());
}
