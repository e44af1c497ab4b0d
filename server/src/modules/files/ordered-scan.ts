import type { SearchResult } from '@kiln/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { scanFiles, type ScanFile, type ScanLimits, type ScanPattern } from './scan';

/*
 * A search answers the first 50 files in path order that hold a match. A
 * query that many files hold ("function", "ab") has found them a few hundred files into the
 * project, so a project that is not in memory is read in path order a slice at a time and the
 * reading stops once the answer is full, instead of bringing all of its text out first.
 */

/** Files per query: about 2.5 MB of text for typical files. */
export const SCAN_SLICE = 500;

/**
 * Scans the project's text files in path order (byte order, as listings show them), reading
 * slices until `limits.files` files matched or none are left. The slices are read in one
 * repeatable-read transaction, so they see one snapshot: a file renamed meanwhile is found once.
 */
export function scanInPathOrder(
  db: Database,
  projectId: string,
  pattern: ScanPattern,
  limits: ScanLimits,
): Promise<SearchResult[]> {
  return db.transaction(
    async (tx) => {
      const results: SearchResult[] = [];
      let after: string | undefined;
      for (;;) {
        // files_project_path_bytes_idx serves this order, so each slice is a range of it.
        const slice = await queryRows<ScanFile>(
          tx,
          sql`select id, path, content from files
               where project_id = ${projectId} and content is not null
                 ${after === undefined ? sql`` : sql`and path collate "C" > ${after}`}
               order by path collate "C"
               limit ${SCAN_SLICE}`,
        );
        const remaining = limits.files - results.length;
        results.push(...scanFiles(slice, pattern, { ...limits, files: remaining }));
        if (results.length >= limits.files || slice.length < SCAN_SLICE) return results;
        after = slice[slice.length - 1]!.path;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
