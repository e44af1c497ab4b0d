import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '../../db/client';
import { defineJob } from '../../jobs/job';

/*
 * An editor saves a file every second or so while someone types. Writing each saved text's
 * trigrams into the search index (a GIN index, tables.ts) made every save add a thousand entries
 * to the index's pending list, and every few hundred saves one save paid for merging the list
 * into the index: 70-200 ms, during which the embedded database answered no one else. So a save
 * only marks its file (search_stale_since); a search tests marked files one by one
 * (candidates.ts); and this job brings them into the index, once a file has rested or has waited
 * long enough, so a file edited for an hour is indexed once a minute rather than 3,600 times.
 */

/** How often the job looks for saved texts to index. */
export const SEARCH_INDEX_INTERVAL_MS = 10_000;
/** A file not saved for this long is indexed: its editor has likely stopped typing. */
export const SEARCH_INDEX_REST_MS = 5_000;
/** A file waits no longer than this, however often it is saved. */
export const SEARCH_INDEX_MAX_WAIT_MS = 60_000;
/** Files indexed per statement, so no one statement holds the database for long. */
export const SEARCH_INDEX_BATCH = 200;

/** Brings into the search index the saved texts that are due; answers how many it indexed. */
export async function indexSavedTexts(db: Database, now = new Date()): Promise<number> {
  const rested = new Date(now.getTime() - SEARCH_INDEX_REST_MS);
  const waited = new Date(now.getTime() - SEARCH_INDEX_MAX_WAIT_MS);
  let indexed = 0;
  for (;;) {
    // Clearing the mark writes a new version of the row, which the index takes in; the text
    // itself is not copied.
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update files set search_stale_since = null
           where id in (select id from files
                         where search_stale_since is not null
                           and (updated_at <= ${rested} or search_stale_since <= ${waited})
                         limit ${SEARCH_INDEX_BATCH})
          returning id`,
    );
    const count = rows.length;
    indexed += count;
    if (count < SEARCH_INDEX_BATCH) return indexed;
  }
}

export function createSearchIndexJob(db: Database) {
  return defineJob({
    name: 'files.search-index',
    payload: z.object({}),
    retry: { attempts: 1, backoffMs: SEARCH_INDEX_INTERVAL_MS },
    async handle(_payload, { log }) {
      const indexed = await indexSavedTexts(db);
      if (indexed > 0) log.debug({ indexed }, 'saved texts indexed for search');
    },
  });
}
