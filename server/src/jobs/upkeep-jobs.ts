import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { FINISHED_JOBS_KEPT_MS } from './database-queue';
import { defineJob } from './job';

/** The search index (server/drizzle/0003_search-index.sql) whose pending list upkeep merges. */
const SEARCH_INDEX = 'files_content_trigram_idx';

/**
 * Upkeep of the application database. The embedded PGlite has no autovacuum: without this a
 * bulk import leaves the search index's pending list unmerged and the planner without
 * statistics, and searches scan every file. PostgreSQL's autovacuum does the same on its own.
 */
export function createUpkeepJobs(database: DatabaseHandle) {
  const databaseUpkeep = defineJob({
    name: 'database.upkeep',
    payload: z.object({}),
    retry: { attempts: 2, backoffMs: 60_000 },
    async handle(_payload, { log }) {
      const started = Date.now();
      await database.db.execute(sql`analyze`);
      await database.db.execute(sql`vacuum`);
      await database.db.execute(sql`select gin_clean_pending_list(${SEARCH_INDEX}::regclass)`);
      log.info({ ms: Date.now() - started }, 'database upkeep done');
    },
  });

  const finishedJobsCleanup = defineJob({
    name: 'jobs.cleanup',
    payload: z.object({}),
    retry: { attempts: 3, backoffMs: 60_000 },
    async handle() {
      const cutoff = new Date(Date.now() - FINISHED_JOBS_KEPT_MS);
      await database.db.execute(
        sql`delete from jobs where state in ('completed', 'failed') and finished_at < ${cutoff}`,
      );
    },
  });

  return { databaseUpkeep, finishedJobsCleanup };
}

export type UpkeepJobs = ReturnType<typeof createUpkeepJobs>;
